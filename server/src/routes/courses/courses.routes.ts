import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { viewerOf } from "../../lib/viewer";
import {
  AssignTeacherSchema,
  CourseFormSchema,
  CourseListQuerySchema,
  CourseListResponseSchema,
  CourseSchema,
  CourseStatsSchema,
  FileLinkSchema,
  IdParamsSchema,
  OkSchema,
} from "@adesua/domain";
import { assertCanAssignTeacher, assertCanCreateCourse, assertCanDeleteCourse, assertCanEditCourse } from "../../policies/courses.policy";
import { courseStats, findCourse, listCourses, loadCourse } from "../../services/courses/course.service";
import {
  assignTeacher,
  COURSE_NOT_FOUND as NOT_FOUND,
  courseMaterial,
  createCourse,
  removeCourse,
  updateCourse,
} from "../../services/courses/course-write.service";
import { assertPdf, storedFileDownload, storePdf } from "../../services/files/files.service";
import { sendDownload } from "../../lib/download";
import { signFileLink } from "../../services/files/file-link.service";
import { actorOf } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { pageMeta } from "../../lib/pagination";
import { readForm } from "../../lib/form";
import { parseInput } from "../../lib/validation";
import { ADMIN, ANY_SIGNED_IN, STAFF } from "../../lib/access";
import { guarded } from "../route-options";

const MATERIAL_LABEL = "Course material";
/** Multipart with the PDF in the file field `material`; PUT also takes JSON. */
const FORM_BODY = { consumes: ["multipart/form-data", "application/json"] };

export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/courses",
    guarded(ANY_SIGNED_IN, { tags: ["courses"], querystring: CourseListQuerySchema, response: { 200: CourseListResponseSchema } }),
    async (req) => {
      const { page, limit, search, teacherId } = req.query;
      const { data, total } = await listCourses(app.db, { page, limit, search: search || undefined, teacherId });
      return { data, pagination: pageMeta(req.query, total) };
    },
  );

  app.get("/courses/stats", guarded(STAFF, { tags: ["courses"], response: { 200: CourseStatsSchema } }), async () => courseStats(app.db));

  app.get("/courses/:id", guarded(ANY_SIGNED_IN, { tags: ["courses"], params: IdParamsSchema, response: { 200: CourseSchema } }), async (req) => {
    const course = await loadCourse(app.db, req.params.id);
    if (!course) throw notFound(NOT_FOUND);
    return course;
  });

  /** Every signed-in user may read every course's material (courses are not scoped). */
  async function materialOf(id: number) {
    const file = await courseMaterial(app.db, id);
    if (file === undefined) throw notFound(NOT_FOUND);
    if (!file) throw notFound("This course has no material");
    return file;
  }

  app.get("/courses/:id/material", guarded(ANY_SIGNED_IN, { tags: ["courses"], params: IdParamsSchema }), async (req, reply) =>
    sendDownload(reply, await storedFileDownload(app.storage, await materialOf(req.params.id), req.log)),
  );

  app.get("/courses/:id/material/link", guarded(ANY_SIGNED_IN, { tags: ["courses"], params: IdParamsSchema, response: { 200: FileLinkSchema } }), async (req) =>
    signFileLink(app.db, (await materialOf(req.params.id)).id, app.now()),
  );

  app.post("/courses", guarded(STAFF, { tags: ["courses"], ...FORM_BODY, response: { 201: CourseSchema } }), async (req, reply) => {
    const viewer = viewerOf(req);
    assertCanCreateCourse(viewer);
    const form = await readForm(req, ["material"]);
    const input = parseInput(CourseFormSchema, form.fields);
    const upload = form.files.material;
    if (upload) assertPdf(upload, MATERIAL_LABEL);
    const stored = upload ? await storePdf(app.storage, upload, "material.pdf") : null;
    const course = await createCourse(app.db, viewer, input, stored, actorOf(req));
    return reply.status(201).send(course);
  });

  app.put("/courses/:id", guarded(STAFF, { tags: ["courses"], ...FORM_BODY, params: IdParamsSchema, response: { 200: CourseSchema } }), async (req) => {
    const viewer = viewerOf(req);
    const existing = await findCourse(app.db, req.params.id);
    if (!existing) throw notFound(NOT_FOUND);
    // Refuse before reading a possibly large upload.
    assertCanEditCourse(viewer, existing.course);
    const form = await readForm(req, ["material"]);
    const input = parseInput(CourseFormSchema, form.fields);
    const upload = form.files.material;
    if (upload) assertPdf(upload, MATERIAL_LABEL);
    const stored = upload ? await storePdf(app.storage, upload, "material.pdf") : null;
    return updateCourse(app.db, viewer, req.params.id, input, stored, actorOf(req));
  });

  app.put(
    "/courses/:id/assign",
    guarded(ADMIN, { tags: ["courses"], params: IdParamsSchema, body: AssignTeacherSchema, response: { 200: CourseSchema } }),
    async (req) => {
      const viewer = viewerOf(req);
      assertCanAssignTeacher(viewer);
      return assignTeacher(app.db, req.params.id, req.body.teacherId, actorOf(req));
    },
  );

  app.delete("/courses/:id", guarded(ADMIN, { tags: ["courses"], params: IdParamsSchema, response: { 200: OkSchema } }), async (req) => {
    const viewer = viewerOf(req);
    assertCanDeleteCourse(viewer);
    await removeCourse(app.db, req.params.id, actorOf(req));
    return { ok: true as const };
  });
};
