import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { StudentSummaryResponseSchema } from "@adesua/domain";
import { STUDENT } from "../../lib/access";
import { guarded } from "../route-options";
import { viewerOf } from "../../lib/viewer";
import { studentSummary } from "../../services/home/student.service";
import { studentSubjectAverages } from "../../services/home/student-subjects.service";

export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/students/me/summary",
    guarded(STUDENT, {
      tags: ["students"],
      description: "The student home's figures and the student's average per subject (course), computed by the database.",
      response: { 200: StudentSummaryResponseSchema },
    }),
    async (req) => {
      const viewer = viewerOf(req);
      const [summary, subjects] = await Promise.all([studentSummary(app.db, viewer, app.now()), studentSubjectAverages(app.db, viewer)]);
      return { ...summary, subjects };
    },
  );
};
