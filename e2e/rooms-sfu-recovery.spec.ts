import type { Browser } from "@playwright/test";
import { expect, test } from "./fixtures";
import { type RoomMember, expectEveryoneSeesEveryone, fillRoom, measureRoom } from "./room-call";
import { sfuBrowser, sfuJourney } from "./sfu-journey";

/*
 * A member's connection to one of the SFU's videos carries nothing (it was lost as it started, as on a machine too
 * busy to finish it): the member's page notices that no frame arrives and subscribes to that video again, instead of
 * showing a black tile for the rest of the call.
 */

/**
 * Closes the first connection that receives a video from Janus once it is set up: Janus's offers only send, where a
 * member's offer in the mesh sends and receives (or only receives, without a camera).
 */
async function loseFirstSubscription(member: RoomMember) {
  await member.context.addInitScript(() => {
    let lost = false;
    const setLocal = RTCPeerConnection.prototype.setLocalDescription;
    RTCPeerConnection.prototype.setLocalDescription = async function (this: RTCPeerConnection, ...args: unknown[]) {
      await (setLocal as (...a: unknown[]) => Promise<void>).apply(this, args);
      if (!lost && this.remoteDescription?.type === "offer" && !/a=sendrecv|a=recvonly/.test(this.remoteDescription.sdp)) {
        lost = true;
        this.close();
      }
    } as typeof setLocal;
  });
}

/**
 * Publishes the member's first video to Janus with every simulcast layer paused: the connection is up, but no frame
 * leaves the browser, as when a member's published video never reaches Janus.
 */
async function loseFirstPublishedVideo(member: RoomMember) {
  await member.context.addInitScript(() => {
    let lost = false;
    const addTransceiver = RTCPeerConnection.prototype.addTransceiver;
    RTCPeerConnection.prototype.addTransceiver = function (this: RTCPeerConnection, track, init) {
      if (!lost && init?.sendEncodings && init.sendEncodings.length > 1) {
        lost = true;
        init = { ...init, sendEncodings: init.sendEncodings.map((encoding) => ({ ...encoding, active: false })) };
      }
      return addTransceiver.call(this, track, init);
    } as typeof addTransceiver;
  });
}

test.use(sfuBrowser);

test.describe("a lost subscription to the SFU", () => {
  // With the threshold at two cameras, three members are enough.
  const journey = sfuJourney({ SFU_VIDEO_THRESHOLD: "2" });

  /**
   * Seats three members, the third of them prepared by `trouble`, and waits until the room is on the SFU (each member
   * sends its video on one connection) and every member sees the two others. Resolves with the third member.
   */
  async function threeSeeEachOther(browser: Browser, roomName: string, trouble: (member: RoomMember) => Promise<void>) {
    const members = (journey.members = await fillRoom(browser, journey.url, 3, roomName, (member, index) =>
      index === 2 ? trouble(member) : Promise.resolve(),
    ));
    const pages = members.map((member) => member.page);
    await expect
      .poll(async () => (await measureRoom(pages, 1)).map((member) => member.uploadConnections), { timeout: 30_000 })
      .toEqual([1, 1, 1]);
    await expectEveryoneSeesEveryone(pages, 45_000);
    return members[2]!;
  }

  test("a member whose connection to one video carries nothing subscribes again and sees everyone", async ({ browser }) => {
    test.setTimeout(120_000);
    const unlucky = await threeSeeEachOther(browser, "Three Who Pray", loseFirstSubscription);
    // The lost connection was noticed and made again (on a busy machine, a slow first frame may be made again too).
    expect(unlucky.warnings.filter((line) => line.includes("showed no frame; subscribing again")).length).toBeGreaterThanOrEqual(1);
  });

  test("a member whose published video never reaches the SFU publishes it again, and everyone sees them", async ({ browser }) => {
    test.setTimeout(120_000);
    const unlucky = await threeSeeEachOther(browser, "Three Who Sing", loseFirstPublishedVideo);
    // The unpublished video was noticed and published again (on a busy machine, a slow first video may be too).
    const republished = unlucky.warnings.filter((line) => line.includes("Janus received none of this member's video; publishing again"));
    expect(republished.length).toBeGreaterThanOrEqual(1);
  });
});
