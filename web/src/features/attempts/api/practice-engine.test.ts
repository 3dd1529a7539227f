import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { practiceAnswer, practiceResult } from "@/test/fixtures";
import { PRACTICE_PREFIX, createPracticeEngine, parseKeptRound, practiceRoundKey, purgeOldRounds, roundStore, type PracticeItem } from "./practice-engine";
import { practiceReview } from "../routes/practice-page";

const items: PracticeItem[] = [
  { id: 11, text: "Which organ pumps blood?", options: ["Liver", "Heart"] },
  { id: 12, text: "Closest planet to the Sun?", options: ["Mercury", "Mars"] },
  { id: 13, text: "Essay: describe the water cycle", options: ["—", "—"] },
];

const result = practiceResult({
  score: 1,
  total: 3,
  percentage: 50,
  results: [practiceAnswer(11, "Heart", "Heart"), practiceAnswer(12, "Mars", "Mercury"), practiceAnswer(13, null, null)],
  wrongQuestionIds: [12],
});

/** A practice round over `items`, untimed, five a page, that grades nothing: each test overrides what it is about. */
const engineWith = (over: Partial<Parameters<typeof createPracticeEngine>[0]> = {}) =>
  createPracticeEngine({ title: "", subtitle: "", questions: async () => items, grade: vi.fn(), timeLimit: null, questionsPerPage: 5, ...over });

describe("practice on the server", () => {
  it("sends the answers of exactly the questions shown and shows every correct answer", async () => {
    const grade = vi.fn(async (_a: { questionId: number; answer: string }[], _ids: number[], its: PracticeItem[]) => practiceReview(result, its));
    const engine = createPracticeEngine({
      title: "Science 2020",
      subtitle: "",
      questions: async () => items,
      grade,
      timeLimit: 10,
      questionsPerPage: 5,
      now: () => 1000,
    });
    const s = await engine.load();
    expect(s.deadline).toBe(1000 + 600_000);
    expect(s.questions.map((q) => q.id)).toEqual([11, 12, 13]);
    engine.answer(11, "Heart");
    engine.answer(12, "Mars");
    const done = await engine.submit();
    expect(grade.mock.calls[0][0]).toEqual([
      { questionId: 11, answer: "Heart" },
      { questionId: 12, answer: "Mars" },
    ]);
    expect(grade.mock.calls[0][1]).toEqual([11, 12, 13]);
    expect(done.result).toMatchObject({ score: 50, correct: 1, total: 3, passed: true });
    expect(done.result!.review!.map((r) => [r.text, r.correct, r.correctAnswer])).toEqual([
      ["Which organ pumps blood?", true, "Heart"],
      ["Closest planet to the Sun?", false, "Mercury"],
      // No key in the bank: neither right nor wrong.
      ["Essay: describe the water cycle", null, null],
    ]);
  });

  it("says so when there is nothing to practise, and passes the server's refusal on", async () => {
    const empty = engineWith({ questions: async () => [] });
    await expect(empty.load()).rejects.toThrow("There are no questions to practise here.");

    const refused = engineWith({
      grade: async () => {
        throw new ApiError(404, "Some of these questions are not in the question bank", "Some of these questions are not in the question bank");
      },
    });
    expect((await refused.load()).deadline).toBeNull();
    await expect(refused.submit()).rejects.toMatchObject({ kind: "refused", message: "Some of these questions are not in the question bank" });
  });

  it("carries a question's pictures to the attempt screen", async () => {
    const engine = createPracticeEngine({
      title: "Science 2020",
      subtitle: "",
      questions: async () => [{ ...items[0]!, images: ["/questions/11/images/1", "/questions/11/images/2"] }, items[1]!],
      grade: async () => ({ score: null, correct: 0, total: 0, review: [] }),
      timeLimit: null,
      questionsPerPage: 5,
    });
    const session = await engine.load();
    expect(session.questions[0]!.images).toEqual(["/questions/11/images/1", "/questions/11/images/2"]);
    expect(session.questions[1]!.images).toBeUndefined();
  });
});

/** localStorage's shape over a Map, so each test has its own. */
function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    key: (i: number) => [...m.keys()][i] ?? null,
    get length() {
      return m.size;
    },
    map: m,
  };
}

const graded = async (_a: unknown, _ids: number[], its: PracticeItem[], _round?: { retryOf?: number }) => practiceReview(result, its);

describe("a practice round kept on the device until it is submitted", () => {
  const key = practiceRoundKey(7, "2020~Science~A");

  it("resumes after a reload with the same questions, answers and deadline, not a new draw or a new clock", async () => {
    const storage = memoryStorage();
    const first = createPracticeEngine({
      title: "Science 2020",
      subtitle: "Section A · practice",
      questions: async () => items,
      grade: vi.fn(),
      timeLimit: 30,
      questionsPerPage: 5,
      store: roundStore(key, storage),
      now: () => 1_000_000,
    });
    const s1 = await first.load();
    first.answer(11, "Heart");
    first.answer(12, "Mars");
    expect(JSON.parse(storage.getItem(key)!)).toMatchObject({ v: 1, answers: { 11: "Heart", 12: "Mars" }, deadline: 1_000_000 + 30 * 60_000 });

    // The page is reloaded ten minutes later: the bank would now hand out other questions, and the list asks for 10 minutes.
    const questions = vi.fn(async () => [items[2]!]);
    const onRound = vi.fn();
    const again = createPracticeEngine({
      title: "Science 2020",
      subtitle: "something else",
      questions,
      grade: vi.fn(),
      timeLimit: 10,
      questionsPerPage: 2,
      store: roundStore(key, storage),
      onRound,
      now: () => 1_000_000 + 10 * 60_000,
    });
    const s2 = await again.load();
    expect(questions).not.toHaveBeenCalled();
    expect(s2.questions.map((q) => q.id)).toEqual([11, 12, 13]);
    expect(s2.answers).toEqual({ 11: "Heart", 12: "Mars" });
    expect(s2.deadline).toBe(s1.deadline);
    expect(s2.subtitle).toBe("Section A · practice");
    expect(s2.questionsPerPage).toBe(5);
    expect(onRound).toHaveBeenCalledWith(expect.objectContaining({ id: 1_000_000 }));
  });

  it("clears the round once it is graded, and keeps it (answers and all) when grading fails", async () => {
    const storage = memoryStorage();
    let fail = true;
    const grade = vi.fn(async (a: { questionId: number; answer: string }[], ids: number[], its: PracticeItem[]) => {
      if (fail) throw new TypeError("Failed to fetch");
      return graded(a, ids, its);
    });
    const engine = engineWith({ grade, store: roundStore(key, storage) });
    expect((await engine.load()).deadline).toBeNull();
    engine.answer(11, "Heart");
    await expect(engine.submit()).rejects.toMatchObject({ kind: "offline" });
    expect(roundStore(key, storage).read()?.answers).toEqual({ 11: "Heart" });

    fail = false;
    expect((await engine.submit()).result?.score).toBe(50);
    expect(storage.getItem(key)).toBeNull();
  });

  it("keeps which result a retry round retries, and sends it when the resumed round is submitted", async () => {
    const storage = memoryStorage();
    const first = engineWith({
      subtitle: "retrying 1 questions",
      questions: async () => [items[1]!],
      timeLimit: 5,
      retryOf: 41,
      store: roundStore(key, storage),
    });
    await first.load();
    const grade = vi.fn(graded);
    const resumed = engineWith({ grade, timeLimit: 5, store: roundStore(key, storage) });
    expect((await resumed.load()).questions.map((q) => q.id)).toEqual([12]);
    await resumed.submit();
    expect(grade.mock.calls[0]![1]).toEqual([12]);
    expect(grade.mock.calls[0]![3]).toEqual({ retryOf: 41 });
  });

  it("keeps one round per user and group", async () => {
    const storage = memoryStorage();
    const start = (k: string, qs: PracticeItem[]) => engineWith({ questions: async () => qs, store: roundStore(k, storage) }).load();
    await start(practiceRoundKey(7, "2020~Science~A"), [items[0]!]);
    await start(practiceRoundKey(8, "2020~Science~A"), [items[1]!]);
    await start(practiceRoundKey(7, "2021~Science~A"), [items[2]!]);
    expect(
      roundStore(practiceRoundKey(7, "2020~Science~A"), storage)
        .read()
        ?.items.map((q) => q.id),
    ).toEqual([11]);
    expect(
      roundStore(practiceRoundKey(8, "2020~Science~A"), storage)
        .read()
        ?.items.map((q) => q.id),
    ).toEqual([12]);
    expect(
      roundStore(practiceRoundKey(7, "2021~Science~A"), storage)
        .read()
        ?.items.map((q) => q.id),
    ).toEqual([13]);
  });

  it("ignores a damaged or foreign kept round and draws a new one", async () => {
    for (const raw of [
      "{",
      "null",
      JSON.stringify({ v: 2, id: 1, items, answers: {}, deadline: null }),
      JSON.stringify({ v: 1, id: 1, items: [], answers: {}, deadline: null }),
    ]) {
      expect(parseKeptRound(raw), raw).toBeNull();
      const storage = memoryStorage();
      storage.setItem(key, raw);
      const s = await engineWith({ store: roundStore(key, storage) }).load();
      expect(s.questions).toHaveLength(3);
    }
  });

  it("purges rounds untouched for two weeks, and nothing else", async () => {
    const storage = memoryStorage();
    const day = 86_400_000;
    const at = (t: number) => engineWith({ store: roundStore(`${PRACTICE_PREFIX}7.${t}`, storage), now: () => t }).load();
    await at(1 * day);
    await at(10 * day);
    storage.setItem("adesua.outbox.5", "{}");
    purgeOldRounds(storage, 14 * day, 20 * day);
    expect([...storage.map.keys()].sort()).toEqual(["adesua.outbox.5", `${PRACTICE_PREFIX}7.${10 * day}`]);
  });
});
