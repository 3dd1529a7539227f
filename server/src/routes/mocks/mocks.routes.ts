import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParamsSchema, MockGradingInputSchema, MockInputSchema, MockListQuerySchema, MockListSchema, MockSchema, OkSchema } from "@adesua/domain";
import { ADMIN, ANY_SIGNED_IN } from "../../lib/access";
import { actorOf } from "../../lib/context";
import { viewerOf } from "../../lib/viewer";
import { assertCanManageMocks } from "../../policies/mocks.policy";
import { setGrading } from "../../services/mocks/grading.service";
import { loadMockHead, presentMock } from "../../services/mocks/mock-load";
import { createMock, deleteMock, listMocks, setReleased, updateMock } from "../../services/mocks/mock.service";
import { loadSchoolPrint, renderPdf } from "../../services/prints/print.service";
import { guarded } from "../route-options";
import { mockMarksRoutes } from "./mock-marks.routes";
import { mockResultsRoutes } from "./mock-results.routes";
import { documentWork, sendFile } from "./pdf-reply";

const tags = ["mocks"];
/** POST/DELETE /release take no fields; an empty JSON object (or nothing) is accepted. */
const ReleaseBodySchema = z.object({}).strict().optional();
const TimetableQuerySchema = z.object({ format: z.literal("pdf", { error: "format must be pdf" }).default("pdf") });

/** Mock BECE examinations: timetable, marks, grading, release, results (issue 28, decision 050). */
export const mockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/mocks", guarded(ANY_SIGNED_IN, { tags, querystring: MockListQuerySchema, response: { 200: MockListSchema } }), async (req) =>
    listMocks(app.db, viewerOf(req), req.query),
  );

  app.post("/mocks", guarded(ADMIN, { tags, body: MockInputSchema, response: { 201: MockSchema } }), async (req, reply) => {
    const viewer = viewerOf(req);
    assertCanManageMocks(viewer);
    return reply.status(201).send(await createMock(app.db, viewer, req.body, actorOf(req)));
  });

  app.get("/mocks/:id", guarded(ANY_SIGNED_IN, { tags, params: IdParamsSchema, response: { 200: MockSchema } }), async (req) => {
    const viewer = viewerOf(req);
    return presentMock(app.db, viewer, await loadMockHead(app.db, viewer, req.params.id));
  });

  app.put("/mocks/:id", guarded(ADMIN, { tags, params: IdParamsSchema, body: MockInputSchema, response: { 200: MockSchema } }), async (req) => {
    const viewer = viewerOf(req);
    assertCanManageMocks(viewer);
    return updateMock(app.db, viewer, req.params.id, req.body, actorOf(req));
  });

  app.delete("/mocks/:id", guarded(ADMIN, { tags, params: IdParamsSchema, response: { 200: OkSchema } }), async (req) => {
    const viewer = viewerOf(req);
    assertCanManageMocks(viewer);
    await deleteMock(app.db, viewer, req.params.id, actorOf(req));
    return { ok: true as const };
  });

  app.put(
    "/mocks/:id/grading",
    guarded(ADMIN, { tags, params: IdParamsSchema, body: MockGradingInputSchema, response: { 200: MockSchema } }),
    async (req) => setGrading(app.db, viewerOf(req), req.params.id, req.body, actorOf(req)),
  );

  for (const [method, release] of [
    ["POST", true],
    ["DELETE", false],
  ] as const)
    app.route({
      method,
      url: "/mocks/:id/release",
      ...guarded(ADMIN, { tags, params: IdParamsSchema, ...(release ? { body: ReleaseBodySchema } : {}), response: { 200: MockSchema } }),
      handler: async (req) => setReleased(app.db, viewerOf(req), req.params.id, release, actorOf(req), app.now()),
    });

  app.get(
    "/mocks/:id/timetable",
    guarded(ANY_SIGNED_IN, { tags, params: IdParamsSchema, querystring: TimetableQuerySchema, summary: "The one-page timetable (PDF)" }),
    async (req, reply) => {
      const viewer = viewerOf(req);
      const mock = await presentMock(app.db, viewer, await loadMockHead(app.db, viewer, req.params.id));
      const pdf = await documentWork(renderPdf({ kind: "timetable", school: await loadSchoolPrint(app.db), mock }));
      return sendFile(reply, pdf, `${mock.title} timetable.pdf`);
    },
  );

  await app.register(mockMarksRoutes);
  await app.register(mockResultsRoutes);
};
