import { act, renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MarkEntry, PaperMarks } from "@adesua/domain";
import { ApiError } from "@/lib/api";
import { renderRoutes, signIn } from "@/test/render";
import { acceptTyped, entryOf, isMissing, moveFrom } from "./marks-model";
import { MarksEntryPage } from "./marks-entry-page";
import { saveStateText, useMarksAutosave } from "./use-marks-autosave";

describe("what a keystroke may leave in a mark box", () => {
  it("takes numbers from 0 to the out of, with up to two decimals, and empty (no mark)", () => {
    for (const v of ["", "0", "7", "7.", "7.5", "59.25", "60", " 12 "]) expect(acceptTyped(v, 60), v).toEqual({ ok: true, text: v.trim() });
  });
  it("refuses anything but a number on the spot", () => {
    for (const v of ["a", "7a", "-1", "1e2", "8,5", "7.125", "+3"]) expect(acceptTyped(v, 60), v).toEqual({ ok: false, problem: "Numbers only" });
  });
  it("refuses a mark above the out of on the spot", () => {
    expect(acceptTyped("61", 60)).toEqual({ ok: false, problem: "Out of range: 0 to 60" });
    expect(acceptTyped("60.5", 60)).toEqual({ ok: false, problem: "Out of range: 0 to 60" });
  });
});

describe("moving with the keyboard", () => {
  it("goes down to the next student with Enter, then to the top of the next question", () => {
    expect(moveFrom({ row: 0, col: 0 }, "Enter", false, 3, 2)).toEqual({ row: 1, col: 0 });
    expect(moveFrom({ row: 2, col: 0 }, "Enter", false, 3, 2)).toEqual({ row: 0, col: 1 });
    expect(moveFrom({ row: 2, col: 1 }, "Enter", false, 3, 2)).toBeNull();
  });
  it("goes up with Shift+Enter and ArrowUp, down with ArrowDown, and leaves Tab to the browser", () => {
    expect(moveFrom({ row: 1, col: 0 }, "Enter", true, 3, 1)).toEqual({ row: 0, col: 0 });
    expect(moveFrom({ row: 1, col: 0 }, "ArrowUp", false, 3, 1)).toEqual({ row: 0, col: 0 });
    expect(moveFrom({ row: 1, col: 0 }, "ArrowDown", false, 3, 1)).toEqual({ row: 2, col: 0 });
    expect(moveFrom({ row: 0, col: 0 }, "Tab", false, 3, 1)).toBeNull();
  });
  it("makes a total or per-question entry from the boxes, and counts a quiz score as a mark", () => {
    const boxes: Record<string, string> = { "1:total": "45", "2:q0": "3", "2:q1": "" };
    const text = (k: string) => boxes[k] ?? "";
    expect(entryOf(1, 0, text)).toEqual({ studentId: 1, mark: 45 });
    expect(entryOf(2, 2, text)).toEqual({ studentId: 2, questionMarks: [3, null] });
    const row = { studentId: 3, name: "", class: "", mark: null, questionMarks: null, quizScore: null, percent: null, updatedAt: null };
    expect(isMissing(row, 0, text)).toBe(true);
    expect(isMissing({ ...row, quizScore: 70 }, 0, text)).toBe(false);
  });
});

describe("saving as you type", () => {
  beforeEach(() => localStorage.clear());
  const entry = (studentId: number, mark: number | null): MarkEntry => ({ studentId, mark });

  it("keeps marks that failed to send and sends them again until they are saved", async () => {
    const sent: MarkEntry[][] = [];
    let fail = true;
    const send = async (e: MarkEntry[]) => {
      sent.push(e);
      if (fail) throw new TypeError("Failed to fetch");
    };
    const { result } = renderHook(() => useMarksAutosave("k1", send, { delay: 10, retryMs: 30 }));
    act(() => result.current.put(entry(1, 40)));
    await waitFor(() => expect(result.current.state).toBe("retrying"));
    expect(saveStateText(result.current.state, result.current.waiting, null)).toBe("Not saved — retrying (1 waiting)");
    expect(JSON.parse(localStorage.getItem("k1")!)).toEqual({ "1": { studentId: 1, mark: 40 } });
    // A mark typed while the retry waits goes with it.
    act(() => result.current.put(entry(2, 12)));
    fail = false;
    await waitFor(() => expect(result.current.state).toBe("saved"));
    expect(sent.at(-1)).toEqual([entry(1, 40), entry(2, 12)]);
    expect(result.current.waiting).toBe(0);
    expect(localStorage.getItem("k1")).toBeNull();
  });

  it("keeps a refused batch without retrying it by itself, and shows the server's message", async () => {
    let calls = 0;
    const send = async () => {
      calls++;
      throw new ApiError(400, "Mark for Ama Owusu must be between 0 and 60", "Mark for Ama Owusu must be between 0 and 60");
    };
    const { result } = renderHook(() => useMarksAutosave("k2", send, { delay: 10, retryMs: 10 }));
    act(() => result.current.put(entry(1, 40)));
    await waitFor(() => expect(result.current.state).toBe("refused"));
    await new Promise((r) => setTimeout(r, 60));
    expect(calls).toBe(1);
    expect(result.current.waiting).toBe(1);
    expect(saveStateText(result.current.state, 1, result.current.error)).toBe("Not saved: Mark for Ama Owusu must be between 0 and 60");
  });

  it("sends marks left unsaved by an earlier visit at once", async () => {
    localStorage.setItem("k3", JSON.stringify({ "7": { studentId: 7, mark: 9 } }));
    const sent: MarkEntry[][] = [];
    const { result } = renderHook(() => useMarksAutosave("k3", async (e) => void sent.push(e), { delay: 10 }));
    await waitFor(() => expect(result.current.state).toBe("saved"));
    expect(sent).toEqual([[entry(7, 9)]]);
  });
});

const paper = {
  id: 5,
  name: "Paper 2",
  kind: "marks" as const,
  quizId: null,
  quiz: null,
  outOf: 60,
  weight: 50,
  questions: null,
  startsAt: "2027-03-08T09:00:00.000Z",
  endsAt: "2027-03-08T11:00:00.000Z",
  durationMinutes: 120,
  marked: 1,
};
const row = (studentId: number, name: string, cls: string, mark: number | null) => ({
  studentId,
  name,
  class: cls,
  mark,
  questionMarks: null,
  quizScore: null,
  percent: mark === null ? null : (mark / 60) * 100,
  updatedAt: null,
});
const marks: PaperMarks = {
  paper,
  subject: "Mathematics",
  students: [row(1, "Ama Owusu", "JHS 3A", null), row(2, "Kofi Mensah", "JHS 3A", 30), row(3, "Yaw Boateng", "JHS 3B", null)],
  missing: 2,
};

/** The API of the page: GET the marks, PUT records each batch (failing `failPuts` times first with a dropped connection). */
function serve({ failPuts = 0 } = {}) {
  const puts: MarkEntry[][] = [];
  let failures = failPuts;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = init?.method ?? "GET";
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    if (url.pathname === "/api/auth/me") return json(200, { id: 9, name: "T", role: "teacher", email: "t@x", studentType: null });
    if (url.pathname === "/api/mocks/1/papers/5/marks" && method === "GET") return json(200, marks);
    if (url.pathname === "/api/mocks/1/papers/5/marks" && method === "PUT") {
      if (failures-- > 0) throw new TypeError("Failed to fetch");
      puts.push((JSON.parse(String(init?.body)) as { marks: MarkEntry[] }).marks);
      return json(200, { saved: 1, missing: 1 });
    }
    return json(404, { error: "Not found" });
  }) as typeof fetch;
  return puts;
}

const wideScreen = (wide: boolean) =>
  (window.matchMedia = ((query: string) => ({
    matches: wide && query.includes("min-width"),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia);

const open = () =>
  renderRoutes([{ path: "/teachers/dashboard/mocks/:id/papers/:paperId/marks", Component: MarksEntryPage }], "/teachers/dashboard/mocks/1/papers/5/marks");

describe("the marks screen", () => {
  const original = window.matchMedia;
  beforeEach(() => signIn());
  afterEach(() => {
    window.matchMedia = original;
  });

  it("moves down to the next student with Enter, refuses a mark out of range on the spot and saves only the changed rows", async () => {
    wideScreen(true);
    const puts = serve();
    open();
    const ama = await screen.findByRole("textbox", { name: "Mark /60 for Ama Owusu" });
    const user = userEvent.setup();
    await user.click(ama);
    await user.keyboard("45{Enter}");
    expect(screen.getByRole("textbox", { name: "Mark /60 for Kofi Mensah" })).toHaveFocus();
    // 30 is selected on focus: typing replaces it; the 5 of 75 is refused and the box keeps 7.
    await user.keyboard("75");
    expect(screen.getByRole("textbox", { name: "Mark /60 for Kofi Mensah" })).toHaveValue("7");
    expect(screen.getByText("Out of range: 0 to 60")).toBeInTheDocument();
    await user.keyboard("{Enter}x");
    expect(screen.getByRole("textbox", { name: "Mark /60 for Yaw Boateng" })).toHaveValue("");
    expect(screen.getByText("Numbers only")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("save-state")).toHaveTextContent("Saved"));
    expect(puts.flat()).toEqual(
      expect.arrayContaining([
        { studentId: 1, mark: 45 },
        { studentId: 2, mark: 7 },
      ]),
    );
    expect(puts.flat().some((e) => e.studentId === 3)).toBe(false);
    expect(screen.getByTestId("missing-count")).toHaveTextContent("1 missing");
  });

  it("shows the missing students only and filters by class", async () => {
    wideScreen(true);
    serve();
    open();
    await screen.findByRole("textbox", { name: "Mark /60 for Ama Owusu" });
    expect(screen.getByTestId("missing-count")).toHaveTextContent("2 missing");
    const user = userEvent.setup();
    await user.click(screen.getByRole("switch", { name: "Missing only" }));
    expect(screen.getAllByTestId("marks-row").map((r) => within(r).getByRole("rowheader").textContent)).toEqual(["Ama OwusuMissing", "Yaw BoatengMissing"]);
    await user.selectOptions(screen.getByRole("combobox", { name: "Class" }), "JHS 3B");
    expect(screen.getAllByTestId("marks-row")).toHaveLength(1);
    expect(screen.getByTestId("missing-count")).toHaveTextContent("1 missing");
  });

  it("on a phone shows one student at a time; Enter goes to the next, and a dropped connection is retried", async () => {
    wideScreen(false);
    const puts = serve({ failPuts: 1 });
    open();
    const box = await screen.findByRole("textbox", { name: "Mark /60 for Ama Owusu" });
    expect(box).toHaveAttribute("inputmode", "decimal");
    const user = userEvent.setup();
    await user.click(box);
    await user.keyboard("52{Enter}");
    expect(screen.getByTestId("phone-student")).toHaveTextContent("Kofi Mensah");
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Mark /60 for Kofi Mensah" })).toHaveFocus());
    await waitFor(() => expect(screen.getByTestId("save-state")).toHaveTextContent("Not saved — retrying"));
    await waitFor(() => expect(screen.getByTestId("save-state")).toHaveTextContent("Saved"), { timeout: 6000 });
    expect(puts).toEqual([[{ studentId: 1, mark: 52 }]]);
    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(screen.getByRole("textbox", { name: "Mark /60 for Ama Owusu" })).toHaveValue("52");
  });
});
