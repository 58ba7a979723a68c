import type { MediaItem } from "@shared/contracts/content";
import { ApiRequestError, routeUrl } from "@web/lib/api";

/**
 * Sends the publish form with XMLHttpRequest, the one browser API that reports upload progress.
 * Resolves with the created item; rejects with an ApiRequestError like apiRequest does.
 */
export function uploadMedia(form: FormData, onProgress: (fraction: number) => void): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", routeUrl("POST /api/content/media"));
    request.withCredentials = true;
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as MediaItem);
        } catch (error) {
          reject(error);
        }
      } else {
        reject(new ApiRequestError(request.status, request.responseText, request.statusText));
      }
    });
    request.addEventListener("error", () => reject(new Error("The upload failed. Please check your connection and try again.")));
    request.addEventListener("abort", () => reject(new Error("The upload was cancelled.")));
    request.send(form);
  });
}

/** Where a published item can be seen: its library page, cued by ?play=. */
export function libraryPathFor(item: Pick<MediaItem, "id" | "type">): string {
  const page = item.type === "sermon" ? "/sermons" : item.type === "song" ? "/music" : "/podcasts";
  return `${page}?play=${item.id}`;
}
