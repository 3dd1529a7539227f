import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadStoredFile } from "./download";
import { ApiError, setApiHandlers } from "./api";
import { mockApi } from "../test/render";

describe("downloadStoredFile", () => {
  afterEach(() => vi.restoreAllMocks());

  it("asks for a signed link and lets the browser download it, without fetching the file into the page", async () => {
    const url = "/api/files/7?exp=1900000000&sig=abc";
    const calls = mockApi({ "GET /api/courses/3/material/link": [200, { url, expiresAt: "2030-03-17T17:46:40.000Z" }] });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await downloadStoredFile("/courses/3/material", "material.pdf");
    expect(calls).toEqual(["GET /api/courses/3/material/link"]);
    expect(clicked).toHaveLength(1);
    expect(clicked[0].getAttribute("href")).toBe(url);
    expect(clicked[0].download).toBe("material.pdf");
    expect(document.querySelector("a[download]")).toBeNull();
  });

  it("passes a refusal to the screen without the global forbidden notice", async () => {
    const onForbidden = vi.fn();
    setApiHandlers({ onUnauthorized: vi.fn(), onForbidden });
    mockApi({ "GET /api/quizzes/4/pdf/link": [403, { error: "Quiz is not open yet" }] });
    const err = await downloadStoredFile("/quizzes/4/pdf", "quiz.pdf").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).serverMessage).toBe("Quiz is not open yet");
    expect(onForbidden).not.toHaveBeenCalled();
  });
});
