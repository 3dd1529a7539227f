import { eq } from "drizzle-orm";
import { MOCK_MESSAGES, type Mock, type MockGradingInput } from "@adesua/domain";
import type { Db } from "../../db/client";
import { mockPapers, mocks } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { loadMockHead, presentMock } from "./mock-load";

/**
 * PUT /mocks/{id}/grading: paper weights (by paper id, or by paper name for every subject), bands or stanine, and
 * this mock's own grade table (null: the school's). A weight naming a paper the mock does not have is refused.
 */
export async function setGrading(db: Db, viewer: Viewer, id: number, input: MockGradingInput, actor: Actor): Promise<Mock> {
  const head = await db.transaction(async (tx) => {
    const before = await loadMockHead(tx, viewer, id, true);
    const papers = await tx.select({ id: mockPapers.id, name: mockPapers.name, weight: mockPapers.weight }).from(mockPapers).where(eq(mockPapers.mockId, id));
    const weights = new Map<number, number>();
    if (Array.isArray(input.weights)) {
      for (const w of input.weights) {
        if (!papers.some((p) => p.id === w.paperId)) throw badRequest(MOCK_MESSAGES.weightsPaper);
        weights.set(w.paperId, w.weight);
      }
    } else if (input.weights) {
      for (const [name, weight] of Object.entries(input.weights)) {
        const named = papers.filter((p) => p.name.trim().toLowerCase() === name.trim().toLowerCase());
        if (!named.length) throw badRequest(MOCK_MESSAGES.weightsPaper);
        for (const p of named) weights.set(p.id, weight);
      }
    }
    for (const [paperId, weight] of weights) await tx.update(mockPapers).set({ weight }).where(eq(mockPapers.id, paperId));
    const set: Partial<typeof mocks.$inferInsert> = { updatedAt: new Date() };
    if (input.grading) set.grading = input.grading;
    if (input.bands !== undefined) set.bands = input.bands;
    await tx.update(mocks).set(set).where(eq(mocks.id, id));
    await recordAudit(tx, {
      entityType: "mock",
      entityId: id,
      action: "update",
      actor,
      before: { grading: before.grading, bands: before.bands, weights: papers.filter((p) => weights.has(p.id)).map((p) => [p.id, Number(p.weight)]) },
      after: { grading: input.grading ?? before.grading, bands: input.bands === undefined ? before.bands : input.bands, weights: [...weights] },
    });
    return loadMockHead(tx, viewer, id);
  });
  return presentMock(db, viewer, head);
}
