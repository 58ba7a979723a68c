import { afterAll, beforeAll, expect, it } from "vitest";
import { MAX_ID } from "@shared/contracts/common";
import { messages } from "@shared/messages";
import { type TestApp, buildTestApp, describeEachDatabase } from "../test/app";
import { type Member, registerMember } from "../test/factories";

/** Ordinary bad input answers 4xx on both dialects; PostgreSQL used to answer 500 to these. */
describeEachDatabase("bad input never reaches the database as a 500", (dialect) => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    member = await registerMember(t.app);
  });
  afterAll(async () => t.close());

  it("answers 400 to an id above the id column's range, signed in or not", async () => {
    for (const url of [`/api/posts/${MAX_ID + 1}`, `/api/users/${MAX_ID + 1}`, `/api/posts/${MAX_ID + 1}/comments`]) {
      const anonymous = await t.app.inject({ method: "GET", url });
      expect(anonymous.statusCode, url).toBe(400);
      const signedIn = await t.app.inject({ method: "GET", url, headers: { cookie: member.cookie } });
      expect(signedIn.statusCode, url).toBe(400);
    }
    expect((await t.app.inject({ method: "GET", url: `/api/posts/${MAX_ID}` })).statusCode).toBe(404);
  });

  it("answers 415 to a multipart body on a route that takes none; the upload routes still read one", async () => {
    const boundary = "----form";
    const form = `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nGrace and peace\r\n--${boundary}--\r\n`;
    const headers = { cookie: member.cookie, "content-type": `multipart/form-data; boundary=${boundary}` };
    const profile = await t.app.inject({ method: "PATCH", url: `/api/users/${member.user.id}`, headers, payload: form });
    expect(profile.statusCode).toBe(415);
    expect(profile.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    const post = await t.app.inject({ method: "POST", url: "/api/posts", headers, payload: form });
    expect(post.statusCode).toBe(201);
    expect(post.json().content).toBe("Grace and peace");
  });

  it("answers 400 to a NUL character in stored text instead of a 500", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie: member.cookie },
      payload: { content: "Amazing grace\u0000 how sweet" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.textHasNul);
  });
});
