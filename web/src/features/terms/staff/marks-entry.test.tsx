import { useState } from "react";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { ApiError } from "@/lib/api";
import { acceptTyped, marksByComponent, markOf, moveFrom } from "./marks-entry-model";
import { MarksEntryGrid, type MarkSaver } from "./marks-entry";
import { OneStudentEntry } from "./one-student-entry";
import { useAutoSave } from "./use-auto-save";

describe("what a keystroke may leave in a mark's cell", () => {
  it("takes numbers from 0 to the out of, with up to two decimals, and empty (missing)", () => {
    for (const v of ["", "0", "7", "7.", "7.5", "39.25", "40", " 12 "]) expect(acceptTyped(v, 40), v).toEqual({ ok: true, text: v.trim() });
  });

  it("refuses anything but a number on the spot", () => {
    for (const v of ["a", "7a", "-1", "1e2", "8,5", "7.125", "+3", "1.2.3"])
      expect(acceptTyped(v, 40), v).toEqual({ ok: false, problem: "Numbers only (up to two decimals)" });
  });

  it("refuses a mark above the out of on the spot", () => {
    expect(acceptTyped("41", 40)).toEqual({ ok: false, problem: "At most 40" });
    expect(acceptTyped("40.01", 40)).toEqual({ ok: false, problem: "At most 40" });
    expect(acceptTyped("100", 100)).toEqual({ ok: true, text: "100" });
  });

  it("reads an empty cell as a missing mark", () => {
    expect(markOf("")).toBeNull();
    expect(markOf(".")).toBeNull();
    expect(markOf("7.5")).toBe(7.5);
    expect(markOf("0")).toBe(0);
  });
});

describe("moving with the keyboard", () => {
  it("goes down a column with Enter, then to the top of the next column", () => {
    expect(moveFrom({ row: 0, col: 0 }, "Enter", false, 3, 2)).toEqual({ row: 1, col: 0 });
    expect(moveFrom({ row: 2, col: 0 }, "Enter", false, 3, 2)).toEqual({ row: 0, col: 1 });
    expect(moveFrom({ row: 2, col: 1 }, "Enter", false, 3, 2)).toBeNull();
  });

  it("goes up with Shift+Enter and the arrows, and leaves Tab to the browser", () => {
    expect(moveFrom({ row: 1, col: 0 }, "Enter", true, 3, 2)).toEqual({ row: 0, col: 0 });
    expect(moveFrom({ row: 1, col: 0 }, "ArrowUp", false, 3, 2)).toEqual({ row: 0, col: 0 });
    expect(moveFrom({ row: 1, col: 0 }, "ArrowDown", false, 3, 2)).toEqual({ row: 2, col: 0 });
    expect(moveFrom({ row: 0, col: 0 }, "ArrowUp", false, 3, 2)).toBeNull();
    expect(moveFrom({ row: 0, col: 0 }, "Tab", false, 3, 2)).toBeNull();
  });

  it("groups the marks waiting to be saved by component", () => {
    expect([...marksByComponent({ "5:1": 10, "5:2": null, "6:1": 3 })]).toEqual([
      [
        5,
        [
          { studentId: 1, mark: 10 },
          { studentId: 2, mark: null },
        ],
      ],
      [6, [{ studentId: 1, mark: 3 }]],
    ]);
  });
});

const students = [
  { studentId: 1, name: "Ama Owusu" },
  { studentId: 2, name: "Kofi Mensah" },
  { studentId: 3, name: "Yaw Boateng" },
];
const components = [
  { id: 10, name: "Exam", outOf: 40 },
  { id: 11, name: "Project", outOf: 20 },
];
const savedMarks: Record<string, number | null> = { "10:1": 30, "10:2": null };

/** A grid with a saver that records what it is handed, as the page's would. */
function Harness({ onPut, one }: { onPut: (key: string, mark: number | null) => void; one?: boolean }) {
  const [pending, setPending] = useState<Record<string, number | null>>({});
  const saver: MarkSaver = {
    pending,
    put: (key, mark) => {
      onPut(key, mark);
      setPending((p) => ({ ...p, [key]: mark }));
    },
  };
  const saved = (c: number, s: number) => savedMarks[`${c}:${s}`] ?? null;
  if (one)
    return (
      <OneStudentEntry
        students={students}
        components={components}
        saved={saved}
        saver={saver}
        figures={() => ({ row: undefined, items: [["Total", "—"]] })}
        remark={() => null}
        adjust={() => null}
      />
    );
  return <MarksEntryGrid label="Sheet" students={students} components={components} saved={saved} saver={saver} head={null} tail={() => null} />;
}

describe("the score sheet's grid", () => {
  it("shows saved marks, and an empty cell as missing", async () => {
    renderWithProviders(<Harness onPut={() => {}} />);
    expect(await screen.findByLabelText("Exam for Ama Owusu")).toHaveValue("30");
    expect(screen.getByLabelText("Exam for Kofi Mensah")).toHaveValue("");
    expect(screen.getByLabelText("Exam for Kofi Mensah")).toHaveAttribute("placeholder", "missing");
  });

  it("hands each accepted keystroke to the saver and moves down with Enter", async () => {
    const put = vi.fn();
    renderWithProviders(<Harness onPut={put} />);
    const kofi = await screen.findByLabelText("Exam for Kofi Mensah");
    await userEvent.click(kofi);
    await userEvent.keyboard("35{Enter}");
    expect(put).toHaveBeenLastCalledWith("10:2", 35);
    expect(kofi).toHaveValue("35");
    expect(screen.getByLabelText("Exam for Yaw Boateng")).toHaveFocus();
    // After the last student, Enter goes to the top of the next column.
    await userEvent.keyboard("12{Enter}");
    expect(put).toHaveBeenLastCalledWith("10:3", 12);
    expect(screen.getByLabelText("Project for Ama Owusu")).toHaveFocus();
  });

  it("refuses letters and marks above the out of on the spot, keeping the last good mark", async () => {
    const put = vi.fn();
    renderWithProviders(<Harness onPut={put} />);
    const yaw = await screen.findByLabelText("Project for Yaw Boateng");
    await userEvent.click(yaw);
    await userEvent.keyboard("1x");
    expect(yaw).toHaveValue("1");
    expect(screen.getByText("Numbers only (up to two decimals)")).toBeInTheDocument();
    await userEvent.keyboard("9");
    expect(yaw).toHaveValue("19");
    await userEvent.keyboard("5");
    expect(yaw).toHaveValue("19");
    expect(screen.getByText("At most 20")).toBeInTheDocument();
    expect(put.mock.calls.map((c) => c[1])).toEqual([1, 19]);
  });

  it("clears a mark back to missing", async () => {
    const put = vi.fn();
    renderWithProviders(<Harness onPut={put} />);
    const ama = await screen.findByLabelText("Exam for Ama Owusu");
    await userEvent.clear(ama);
    expect(put).toHaveBeenLastCalledWith("10:1", null);
  });

  it("on a phone shows one student at a time, and Enter in the last mark goes on to the next student", async () => {
    const put = vi.fn();
    renderWithProviders(<Harness onPut={put} one />);
    await userEvent.click(await screen.findByLabelText("Exam for Ama Owusu"));
    expect(screen.queryByLabelText("Exam for Kofi Mensah")).not.toBeInTheDocument();
    await userEvent.keyboard("{Enter}");
    expect(screen.getByLabelText("Project for Ama Owusu")).toHaveFocus();
    await userEvent.keyboard("15{Enter}");
    expect(put).toHaveBeenLastCalledWith("11:1", 15);
    await waitFor(() => expect(screen.getByLabelText("Exam for Kofi Mensah")).toHaveFocus());
    expect(screen.getByText("2 of 3")).toBeInTheDocument();
  });
});

describe("saving as you type", () => {
  beforeEach(() => localStorage.clear());

  it("sends the typed marks in one batch once typing pauses, and forgets them once saved", async () => {
    const send = vi.fn(async (_batch: Record<string, number | null>) => {});
    const { result } = renderHook(() => useAutoSave<number | null>("k1", send, { delay: 20 }));
    act(() => {
      result.current.put("10:1", 30);
      result.current.put("10:2", 35);
    });
    expect(JSON.parse(localStorage.getItem("k1")!)).toEqual({ "10:1": 30, "10:2": 35 });
    await waitFor(() => expect(result.current.state).toBe("saved"));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ "10:1": 30, "10:2": 35 });
    expect(result.current.pending).toEqual({});
    expect(localStorage.getItem("k1")).toBeNull();
  });

  it("never loses a mark: a failed save keeps it, and it is sent again when the connection is back", async () => {
    let online = false;
    const send = vi.fn(async () => {
      if (!online) throw new TypeError("Failed to fetch");
    });
    const { result } = renderHook(() => useAutoSave<number | null>("k2", send, { delay: 10, retryMs: 30 }));
    act(() => result.current.put("10:1", 12));
    await waitFor(() => expect(result.current.state).toBe("failed"));
    expect(result.current.pending).toEqual({ "10:1": 12 });
    expect(result.current.error).toMatch(/kept/);
    online = true;
    await waitFor(() => expect(result.current.state).toBe("saved"));
    expect(result.current.pending).toEqual({});
  });

  it("keeps a mark changed while its batch was on the way, and sends the new one", async () => {
    const batches: Record<string, number | null>[] = [];
    let release: () => void = () => {};
    const send = vi.fn((batch: Record<string, number | null>) => {
      batches.push(batch);
      return batches.length === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
    });
    const { result } = renderHook(() => useAutoSave<number | null>("k3", send, { delay: 10 }));
    act(() => result.current.put("10:1", 1));
    await waitFor(() => expect(result.current.state).toBe("saving"));
    act(() => result.current.put("10:1", 17));
    act(() => release());
    await waitFor(() => expect(result.current.state).toBe("saved"));
    expect(batches).toEqual([{ "10:1": 1 }, { "10:1": 17 }]);
  });

  it("waits for the user after a refusal, and brings back marks left from an earlier visit", async () => {
    localStorage.setItem("k4", JSON.stringify({ "10:3": 8 }));
    const send = vi.fn(async () => {
      throw new ApiError(400, "Mark for Yaw Boateng must be between 0 and 40", "Mark for Yaw Boateng must be between 0 and 40");
    });
    const { result } = renderHook(() => useAutoSave<number | null>("k4", send, { delay: 10, retryMs: 10 }));
    expect(result.current.pending).toEqual({ "10:3": 8 });
    await waitFor(() => expect(result.current.state).toBe("failed"));
    expect(result.current.error).toBe("Mark for Yaw Boateng must be between 0 and 40");
    await new Promise((r) => setTimeout(r, 60));
    expect(send).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem("k4")!)).toEqual({ "10:3": 8 });
  });
});
