import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  IdParamsSchema,
  OkSchema,
  TermInputSchema,
  TermListQuerySchema,
  TermListSchema,
  TermSchema,
  TermSubjectInputSchema,
  TermSubjectParamsSchema,
  TermSubjectSchema,
} from "@adesua/domain";
import { ADMIN, ANY_SIGNED_IN, STAFF } from "../../lib/access";
import { actorOf } from "../../lib/context";
import { viewerOf } from "../../lib/viewer";
import { guarded } from "../route-options";
import { assertCanManageTerms } from "../../policies/terms.policy";
import { createTerm, deleteTerm, listTerms, loadTerm, presentTermFor, updateTerm } from "../../services/terms/term.service";
import { createSubject, deleteSubject, updateSubject } from "../../services/terms/term-subjects.service";
import { termEntryRoutes } from "./entry-routes";
import { termReportRoutes } from "./report-routes";

const tags = ["terms"];

/** Terms and terminal reports (issue 28, decision 050): terms and their subjects here; entry and reports beside. */
export const termRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/terms", guarded(ANY_SIGNED_IN, { tags, querystring: TermListQuerySchema, response: { 200: TermListSchema } }), async (req) =>
    listTerms(app.db, viewerOf(req), req.query),
  );

  app.post("/terms", guarded(ADMIN, { tags, body: TermInputSchema, response: { 201: TermSchema } }), async (req, reply) => {
    const viewer = viewerOf(req);
    assertCanManageTerms(viewer);
    return reply.status(201).send(await createTerm(app.db, viewer, req.body, actorOf(req)));
  });

  app.get("/terms/:id", guarded(ANY_SIGNED_IN, { tags, params: IdParamsSchema, response: { 200: TermSchema } }), async (req) => {
    const viewer = viewerOf(req);
    return presentTermFor(app.db, viewer, await loadTerm(app.db, viewer, req.params.id));
  });

  app.put("/terms/:id", guarded(ADMIN, { tags, params: IdParamsSchema, body: TermInputSchema, response: { 200: TermSchema } }), async (req) => {
    const viewer = viewerOf(req);
    assertCanManageTerms(viewer);
    return updateTerm(app.db, viewer, req.params.id, req.body, actorOf(req));
  });

  app.delete("/terms/:id", guarded(ADMIN, { tags, params: IdParamsSchema, response: { 200: OkSchema } }), async (req) => {
    const viewer = viewerOf(req);
    assertCanManageTerms(viewer);
    await deleteTerm(app.db, viewer, req.params.id, actorOf(req));
    return { ok: true as const };
  });

  app.post(
    "/terms/:id/subjects",
    guarded(ADMIN, { tags, params: IdParamsSchema, body: TermSubjectInputSchema, response: { 201: TermSubjectSchema } }),
    async (req, reply) => {
      const viewer = viewerOf(req);
      await loadTerm(app.db, viewer, req.params.id);
      return reply.status(201).send(await createSubject(app.db, viewer, req.params.id, req.body, actorOf(req)));
    },
  );

  app.put(
    "/terms/:id/subjects/:subjectId",
    guarded(STAFF, { tags, params: TermSubjectParamsSchema, body: TermSubjectInputSchema, response: { 200: TermSubjectSchema } }),
    async (req) => {
      const viewer = viewerOf(req);
      await loadTerm(app.db, viewer, req.params.id);
      return updateSubject(app.db, viewer, req.params.id, req.params.subjectId, req.body, actorOf(req));
    },
  );

  app.delete("/terms/:id/subjects/:subjectId", guarded(ADMIN, { tags, params: TermSubjectParamsSchema, response: { 200: OkSchema } }), async (req) => {
    const viewer = viewerOf(req);
    await loadTerm(app.db, viewer, req.params.id);
    await deleteSubject(app.db, viewer, req.params.id, req.params.subjectId, actorOf(req));
    return { ok: true as const };
  });

  await app.register(termEntryRoutes);
  await app.register(termReportRoutes);
};
