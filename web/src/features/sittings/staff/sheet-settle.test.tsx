import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { Scan, ScanRowState } from "@adesua/domain";
import { renderRoutes, signIn } from "@/test/render";
import { confirmDraft, cropStyles, flagText, isRowSettled, keyChoice, scanBadge, settleInput, settleState, tapLetter } from "../components/settle-model";
import { SheetSettlePage } from "./sheet-settle-page";

const row = (n: number, over: Partial<ScanRowState> = {}): ScanRowState => ({
  n,
  questionId: 100 + n,
  kind: "bubbles",
  multiple: false,
  letters: ["A", "B", "C", "D"],
  fill: [0, 0, 0, 0, 0],
  read: ["A"],
  flag: null,
  settled: null,
  mark: null,
  maxMarks: 1,
  crop: { x: 104, y: 428 + n * 44, w: 300, h: 44 },
  ...over,
});

const scan = (over: Partial<Scan> = {}): Scan => ({
  id: 7,
  sittingId: 3,
  status: "review",
  student: { id: 21, name: "Ama Owusu", class: "JHS 2B" },
  version: 2,
  fileName: "IMG_0012.jpg",
  page: 1,
  rows: [
    row(1),
    row(2, { flag: "two", read: [], fill: [0.9, 0.85, 0, 0, 0] }),
    row(3, { flag: "empty", read: [] }),
    row(4, { kind: "box", letters: [], read: [], maxMarks: 3 }),
  ],
  unsettled: 3,
  error: null,
  submissionId: null,
  score: null,
  sheetUrl: "/api/sittings/3/scans/7/sheet",
  photoUrl: "/api/sittings/3/scans/7/photo",
  sheetSize: { width: 1191, height: 1684 },
  createdAt: "2026-11-26T10:00:00Z",
  ...over,
});

describe("settling a sheet (the model)", () => {
  it("says each flag in words, naming the options a question has", () => {
    expect(flagText(row(1, { flag: "two" }))).toBe("Two answers marked");
    expect(flagText(row(1, { flag: "empty" }))).toBe("Nothing marked");
    expect(flagText(row(1, { flag: "unsure" }))).toBe("The reader is unsure");
    expect(flagText(row(1, { flag: "not-an-option", fill: [0, 0, 0, 0, 0.9] }))).toBe("E is not an option here (A–D only)");
    expect(flagText(row(1, { flag: "not-an-option", letters: ["A", "B"], fill: [0, 0, 0.8, 0, 0] }))).toBe("C is not an option here (A–B only)");
  });

  it("waits for every flagged row, every box and a blank sheet's student before Record", () => {
    const s = scan();
    expect(settleState(s, {}, null)).toMatchObject({ waiting: 3, needsStudent: false, ready: false });
    expect(settleState(s, { 2: { answer: ["B"] }, 3: { answer: [] } }, null)).toMatchObject({ waiting: 1, ready: false });
    expect(settleState(s, { 2: { answer: ["B"] }, 3: { answer: [] }, 4: { mark: 2 } }, null)).toMatchObject({ waiting: 0, ready: true });
    const blank = scan({ student: null });
    expect(settleState(blank, { 2: { answer: ["B"] }, 3: { answer: [] }, 4: { mark: 2 } }, null)).toMatchObject({ needsStudent: true, ready: false });
    expect(settleState(blank, { 2: { answer: ["B"] }, 3: { answer: [] }, 4: { mark: 2 } }, 30).ready).toBe(true);
    // Rows settled earlier (saved) count as settled.
    expect(settleState(scan({ rows: [row(2, { flag: "two", settled: ["A"] })] }), {}, null).ready).toBe(true);
    // A sheet still being read is never ready.
    expect(settleState(scan({ status: "reading", rows: [] }), {}, null).ready).toBe(false);
  });

  it("sends only what changed, and the student of a blank sheet", () => {
    expect(settleInput(scan(), {}, null)).toBeNull();
    expect(settleInput(scan(), { 2: { answer: ["B"] }, 4: { mark: 1.5 } }, null)).toEqual({
      rows: [
        { n: 2, answer: ["B"] },
        { n: 4, mark: 1.5 },
      ],
    });
    expect(settleInput(scan({ student: null }), {}, 30)).toEqual({ studentId: 30, rows: [] });
    expect(settleInput(scan(), { 4: { mark: null } }, 21)).toBeNull();
  });

  it("a multiple-answer row toggles letters into a draft, waiting until they are confirmed", () => {
    const m = row(2, { multiple: true, flag: "unsure", read: [], letters: ["A", "B", "C", "D"] });
    const s = scan({ rows: [m] });
    // A one-answer row: a tap is the answer.
    expect(tapLetter(row(3, { flag: "empty" }), {}, "C")).toEqual({ answer: ["C"], draft: undefined });
    let choices = { 2: tapLetter(m, {}, "C") };
    expect(choices[2]).toEqual({ draft: ["C"] });
    choices = { 2: { ...choices[2], ...tapLetter(m, choices, "A") } };
    expect(choices[2].draft).toEqual(["A", "C"]);
    expect(isRowSettled(m, choices)).toBe(false);
    expect(settleState(s, choices, null)).toMatchObject({ waiting: 1, ready: false });
    expect(settleInput(s, choices, null)).toBeNull();
    choices = { 2: { ...choices[2], ...confirmDraft(m, choices) } };
    expect(isRowSettled(m, choices)).toBe(true);
    expect(settleState(s, choices, null).ready).toBe(true);
    expect(settleInput(s, choices, null)).toEqual({ rows: [{ n: 2, answer: ["A", "C"] }] });
    // Tapping again starts from the answer: C off, then confirmed.
    choices = { 2: { ...choices[2], ...tapLetter(m, choices, "C") } };
    expect([choices[2].draft, isRowSettled(m, choices)]).toEqual([["A"], false]);
    expect(confirmDraft(m, {})).toBeNull();
    // A row saved earlier as two letters starts from them.
    expect(tapLetter({ ...m, settled: ["B", "D"] }, {}, "A")).toEqual({ draft: ["A", "B", "D"] });
  });

  it("takes A–E keys the row has, and N or 0 for no answer", () => {
    expect(keyChoice("b", ["A", "B", "C"])).toBe("B");
    expect(keyChoice("E", ["A", "B", "C"])).toBeNull();
    expect(keyChoice("n", ["A"])).toBe("none");
    expect(keyChoice("0", ["A"])).toBe("none");
    expect(keyChoice("Enter", ["A"])).toBeNull();
  });

  it("crops with CSS: the image scaled so the crop fills the width and offset to it", () => {
    const s = cropStyles({ x: 100, y: 400, w: 200, h: 50 }, { width: 1000, height: 1500 });
    expect(s.box.aspectRatio).toBe("200 / 50");
    expect(s.image).toMatchObject({ width: "500%", height: "3000%", left: "-50%", top: "-800%" });
  });

  it("badges each state", () => {
    expect(scanBadge({ status: "reading", unsettled: 0, score: null, error: null }).label).toBe("Reading…");
    expect(scanBadge({ status: "review", unsettled: 2, score: null, error: null }).label).toBe("Needs you (2 rows)");
    expect(scanBadge({ status: "recorded", unsettled: 0, score: 72.4, error: null }).label).toBe("Recorded 72 %");
    expect(scanBadge({ status: "refused", unsettled: 0, score: null, error: "The QR code is not readable" }).label).toBe(
      "Refused: The QR code is not readable",
    );
  });
});

type Sent = { method: string; path: string; body: unknown };
/** The sitting's class as GET /sittings/3/students lists it (a new class: none of them has taken a quiz). */
const CLASS = [
  { id: 30, name: "Abena Ansah", class: "JHS 2B" },
  { id: 31, name: "Kwame Asare", class: "JHS 2B" },
];
let queries: string[] = [];

function serve(first: Scan, { alreadySubmitted = false } = {}) {
  const sent: Sent[] = [];
  queries = [];
  let current = first;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const method = init?.method ?? "GET";
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : null;
    if (method !== "GET") sent.push({ method, path: url.pathname, body });
    if (url.pathname === "/api/auth/me") return json(200, { id: 9, name: "T", role: "teacher", email: "t@x", studentType: null });
    if (url.pathname === "/api/sittings/3/scans/7/sheet") return new Response(new Blob(["x"], { type: "image/jpeg" }), { status: 200 });
    if (url.pathname === "/api/sittings/3/students") {
      queries.push(url.search);
      const q = (url.searchParams.get("search") ?? "").toLowerCase();
      const data = CLASS.filter((u) => u.name.toLowerCase().includes(q));
      return json(200, { data, pagination: { total: data.length, page: 1, limit: 50 } });
    }
    if (url.pathname === "/api/sittings/3/scans" && method === "GET") return json(200, { data: [], pagination: { total: 0, page: 1, limit: 5 } });
    if (url.pathname === "/api/sittings/3/scans/7" && method === "GET") return json(200, current);
    if (url.pathname === "/api/sittings/3/scans/7" && method === "DELETE") return json(200, { ok: true });
    if (url.pathname === "/api/sittings/3/scans/7" && method === "PUT") {
      const rows = current.rows.map((r) => {
        const c = (body as { rows: { n: number; answer?: string[]; mark?: number }[] }).rows.find((x) => x.n === r.n);
        return c ? { ...r, settled: c.answer ?? r.settled, mark: c.mark ?? r.mark } : r;
      });
      const studentId = (body as { studentId?: number }).studentId;
      const student = studentId ? { ...CLASS.find((u) => u.id === studentId)! } : current.student;
      current = { ...current, rows, student, unsettled: 0 };
      return json(200, current);
    }
    if (url.pathname === "/api/sittings/3/scans/7/record") {
      if (alreadySubmitted && !(body as { confirm?: boolean }).confirm)
        return json(409, { error: "Ama Owusu already has a submission of this quiz. Record this sheet as another attempt?" });
      current = { ...current, status: "recorded", submissionId: 55, score: 75 };
      return json(200, current);
    }
    return json(404, { error: "Not found" });
  }) as typeof fetch;
  return sent;
}

const open = () =>
  renderRoutes([{ path: "/teachers/dashboard/sittings/:id/scans/:scanId", Component: SheetSettlePage }], "/teachers/dashboard/sittings/3/scans/7");

describe("the settle screen", () => {
  beforeEach(() => {
    signIn();
    URL.createObjectURL = () => "blob:sheet";
    URL.revokeObjectURL = () => {};
  });

  it("records once every row is settled, by taps and by keys, asking first when the student already has a submission", async () => {
    const sent = serve(scan(), { alreadySubmitted: true });
    open();
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId("settle-row");
    expect(rows).toHaveLength(3);
    expect(screen.getByText("Two answers marked")).toBeInTheDocument();
    expect(screen.getByText("Nothing marked")).toBeInTheDocument();
    const record = screen.getByRole("button", { name: "Record" });
    expect(record).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "B for question 2" }));
    expect(screen.getByRole("button", { name: "B for question 2" })).toHaveAttribute("aria-pressed", "true");
    // Keyboard: focus the row and press N (no answer).
    rows[1].focus();
    await user.keyboard("n");
    expect(screen.getByRole("button", { name: "No answer for question 3" })).toHaveAttribute("aria-pressed", "true");
    // A focused row takes A–E too: change question 2 to A.
    rows[0].focus();
    await user.keyboard("a");
    expect(screen.getByRole("button", { name: "A for question 2" })).toHaveAttribute("aria-pressed", "true");
    expect(record).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: /Marks for question 4/ }), "2");
    await waitFor(() => expect(record).toBeEnabled());

    await user.click(record);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/Ama Owusu already has a submission of this quiz/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Record as another attempt" }));
    expect(await screen.findByText(/submission: 75 %/)).toBeInTheDocument();

    expect(sent).toEqual([
      {
        method: "PUT",
        path: "/api/sittings/3/scans/7",
        body: {
          rows: [
            { n: 2, answer: ["A"] },
            { n: 3, answer: [] },
            { n: 4, mark: 2 },
          ],
        },
      },
      { method: "POST", path: "/api/sittings/3/scans/7/record", body: {} },
      { method: "POST", path: "/api/sittings/3/scans/7/record", body: { confirm: true } },
    ]);
  });

  it("asks for the student of a blank sheet before Record", async () => {
    serve(scan({ student: null, rows: [row(1)], unsettled: 0 }));
    open();
    expect(await screen.findByRole("heading", { name: "Blank sheet" })).toBeInTheDocument();
    expect(screen.getByText("Choose the student first.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Record" })).toBeDisabled();
    expect(screen.getAllByLabelText(/Whose sheet is this/).length).toBeGreaterThan(0);
  });

  it("finds a blank sheet's student in the sitting's class (GET /sittings/{id}/students), then records", async () => {
    const sent = serve(scan({ student: null, rows: [row(1)], unsettled: 0 }));
    open();
    const user = userEvent.setup();
    await screen.findByRole("heading", { name: "Blank sheet" });
    const picker = screen.getAllByLabelText(/Whose sheet is this/).find((el) => el.tagName === "INPUT")!;
    await user.type(picker, "asa");
    // The list is the server's answer to the search (a teacher's new class: nobody took a quiz yet).
    await waitFor(() => expect(screen.queryByText("Abena Ansah")).toBeNull());
    const option = screen.getByText("Kwame Asare");
    expect(queries).toContain("?search=asa&page=1&limit=50");
    await user.click(option);
    const record = screen.getByRole("button", { name: "Record" });
    await waitFor(() => expect(record).toBeEnabled());
    await user.click(record);
    expect(await screen.findByText(/Kwame Asare's submission: 75 %/)).toBeInTheDocument();
    expect(sent.slice(0, 2)).toEqual([
      { method: "PUT", path: "/api/sittings/3/scans/7", body: { studentId: 31, rows: [] } },
      { method: "POST", path: "/api/sittings/3/scans/7/record", body: {} },
    ]);
  });

  it("settles a multiple-answer row to several letters: tap each, then Confirm", async () => {
    const sent = serve(scan({ rows: [row(1), row(2, { multiple: true, flag: "unsure", read: [] })], unsettled: 1 }));
    open();
    const user = userEvent.setup();
    expect(await screen.findByText("Choose all the marked answers")).toBeInTheDocument();
    const record = screen.getByRole("button", { name: "Record" });
    await user.click(screen.getByRole("button", { name: "A for question 2" }));
    await user.click(screen.getByRole("button", { name: "C for question 2" }));
    await user.click(screen.getByRole("button", { name: "D for question 2" }));
    await user.click(screen.getByRole("button", { name: "D for question 2" }));
    expect(screen.getByRole("button", { name: "A for question 2" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "C for question 2" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "D for question 2" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByText("Not confirmed")).toBeInTheDocument();
    expect(record).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Confirm the answers for question 2" }));
    expect(screen.getByText("Answer A, C")).toBeInTheDocument();
    await waitFor(() => expect(record).toBeEnabled());
    await user.click(record);
    await screen.findByText(/submission: 75 %/);
    expect(sent[0]).toEqual({ method: "PUT", path: "/api/sittings/3/scans/7", body: { rows: [{ n: 2, answer: ["A", "C"] }] } });
  });

  it("says why a refused sheet was refused", async () => {
    const sent = serve(
      scan({ status: "refused", rows: [], error: "The QR code is not readable: retake the photo with the whole sheet in view", student: null }),
    );
    open();
    const user = userEvent.setup();
    expect(await screen.findByText(/The QR code is not readable: retake the photo/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Record" })).toBeNull();
    // Removing asks first; nothing is sent until the teacher confirms.
    await user.click(screen.getByRole("button", { name: "Remove this sheet" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove this sheet?" });
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(sent).toEqual([{ method: "DELETE", path: "/api/sittings/3/scans/7", body: null }]));
  });
});
