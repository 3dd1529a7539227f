import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { viewerOf } from "../../lib/viewer";
import {
  AssignTeacherSchema,
  COURSE_MESSAGES,
  CourseFormSchema,
  CourseListQuerySchema,
  CourseListResponseSchema,
  CourseSchema,
  CourseStatsSchema,
  IdParamsSchema,
  OkSchema,
} from "@adesua/domain";
import { courses, files, users } from "../../db/schema";
import { recordAudit } from "../../audit/audit";
import { assertCanAssignTeacher, assertCanCreateCourse, assertCanDeleteCourse, assertCanEditCourse, teacherOfNewCourse } from "../../policies/course.policy";
import { courseStats, deleteCourse, findCourse, listCourses, loadCourse, lockCourse } from "../../services/course.service";
import { assertPdf, insertFileRow, sendStoredFile, storePdf } from "../../services/files.service";
import { actorOf } from "../../lib/context";
import { badRequest, notFound } from "../../lib/errors";
import { readForm } from "../../lib/form";
import { parseInput } from "../../lib/validation";
import { ADMIN, ANY_SIGNED_IN, STAFF } from "../../lib/access";

const NOT_FOUND = "Course not found";
const MATERIAL_LABEL = "Course material";
/** Multipart with the PDF in the file field `material`; PUT also takes JSON. */
const FORM_BODY = { consumes: ["multipart/form-data", "application/json"] };

export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/courses",
    { config: { access: ANY_SIGNED_IN }, schema: { tags: ["courses"], querystring: CourseListQuerySchema, response: { 200: CourseListResponseSchema } } },
    async (req) => {
      const { page, limit, search, teacherId } = req.query;
      const { data, total } = await listCourses(app.db, { page, limit, search: search || undefined, teacherId });
      return { data, pagination: { total, page, limit } };
    },
  );

  app.get("/courses/stats", { config: { access: STAFF }, schema: { tags: ["courses"], response: { 200: CourseStatsSchema } } }, async () =>
    courseStats(app.db),
  );

  app.get(
    "/courses/:id",
    { config: { access: ANY_SIGNED_IN }, schema: { tags: ["courses"], params: IdParamsSchema, response: { 200: CourseSchema } } },
    async (req) => {
      const course = await loadCourse(app.db, req.params.id);
      if (!course) throw notFound(NOT_FOUND);
      return course;
    },
  );

  app.get("/courses/:id/material", { config: { access: ANY_SIGNED_IN }, schema: { tags: ["courses"], params: IdParamsSchema } }, async (req, reply) => {
    const [row] = await app.db
      .select({ file: files })
      .from(courses)
      .leftJoin(files, eq(files.id, courses.materialFileId))
      .where(eq(courses.id, req.params.id))
      .limit(1);
    if (!row) throw notFound(NOT_FOUND);
    if (!row.file) throw notFound("This course has no material");
    return sendStoredFile(reply, app.storage, row.file);
  });

  app.post("/courses", { config: { access: STAFF }, schema: { tags: ["courses"], ...FORM_BODY, response: { 201: CourseSchema } } }, async (req, reply) => {
    const viewer = viewerOf(req);
    assertCanCreateCourse(viewer);
    const form = await readForm(req, ["material"]);
    const input = parseInput(CourseFormSchema, form.fields);
    const upload = form.files.material;
    if (upload) assertPdf(upload, MATERIAL_LABEL);
    const stored = upload ? await storePdf(app.storage, upload, "material.pdf") : null;
    const course = await app.db.transaction(async (tx) => {
      const file = stored ? await insertFileRow(tx, stored, viewer.id) : null;
      const [row] = await tx
        .insert(courses)
        .values({ title: input.title, description: input.description, teacherId: teacherOfNewCourse(viewer), materialFileId: file?.id ?? null })
        .returning({ id: courses.id });
      const created = (await loadCourse(tx, row.id))!;
      await recordAudit(tx, { entityType: "course", entityId: row.id, action: "create", actor: actorOf(req), after: created });
      return created;
    });
    return reply.status(201).send(course);
  });

  app.put(
    "/courses/:id",
    { config: { access: STAFF }, schema: { tags: ["courses"], ...FORM_BODY, params: IdParamsSchema, response: { 200: CourseSchema } } },
    async (req) => {
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
      return app.db.transaction(async (tx) => {
        const locked = await lockCourse(tx, req.params.id);
        if (!locked) throw notFound(NOT_FOUND);
        assertCanEditCourse(viewer, locked);
        const before = (await loadCourse(tx, locked.id))!;
        let materialFileId = locked.materialFileId;
        if (stored) materialFileId = (await insertFileRow(tx, stored, viewer.id)).id;
        else if (input.removeMaterial) materialFileId = null;
        await tx
          .update(courses)
          .set({ title: input.title, description: input.description, materialFileId, updatedAt: new Date() })
          .where(eq(courses.id, locked.id));
        if (locked.materialFileId !== null && locked.materialFileId !== materialFileId) {
          await tx.delete(files).where(eq(files.id, locked.materialFileId));
        }
        const after = (await loadCourse(tx, locked.id))!;
        await recordAudit(tx, { entityType: "course", entityId: locked.id, action: "update", actor: actorOf(req), before, after });
        return after;
      });
    },
  );

  app.put(
    "/courses/:id/assign",
    { config: { access: ADMIN }, schema: { tags: ["courses"], params: IdParamsSchema, body: AssignTeacherSchema, response: { 200: CourseSchema } } },
    async (req) => {
      const viewer = viewerOf(req);
      assertCanAssignTeacher(viewer);
      return app.db.transaction(async (tx) => {
        const locked = await lockCourse(tx, req.params.id);
        if (!locked) throw notFound(NOT_FOUND);
        const [teacher] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, req.body.teacherId)).limit(1);
        if (!teacher) throw badRequest(COURSE_MESSAGES.teacherNotFound);
        if (teacher.role !== "teacher") throw badRequest(COURSE_MESSAGES.notATeacher);
        await tx.update(courses).set({ teacherId: teacher.id, updatedAt: new Date() }).where(eq(courses.id, locked.id));
        await recordAudit(tx, {
          entityType: "course",
          entityId: locked.id,
          action: "update",
          actor: actorOf(req),
          before: { teacherId: locked.teacherId },
          after: { teacherId: teacher.id },
        });
        return (await loadCourse(tx, locked.id))!;
      });
    },
  );

  app.delete("/courses/:id", { config: { access: ADMIN }, schema: { tags: ["courses"], params: IdParamsSchema, response: { 200: OkSchema } } }, async (req) => {
    const viewer = viewerOf(req);
    assertCanDeleteCourse(viewer);
    await app.db.transaction(async (tx) => {
      const locked = await lockCourse(tx, req.params.id);
      if (!locked) throw notFound(NOT_FOUND);
      const before = (await loadCourse(tx, locked.id))!;
      await deleteCourse(tx, locked.id);
      await recordAudit(tx, { entityType: "course", entityId: locked.id, action: "delete", actor: actorOf(req), before });
    });
    return { ok: true as const };
  });
};
