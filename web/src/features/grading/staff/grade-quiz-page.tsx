import { useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { Button, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { GRADING_MESSAGES as M } from "@adesua/domain/constants";
import { staffBase } from "@/lib/staff-area";
import { ListBody } from "@/components/list-page";
import { PageHeader } from "@/components/page-header";
import { useGradeSubmission, useUngraded } from "../api/grading";
import { GradeCard } from "./grade-card";
import { LateAnswersPanel } from "./late-answers-panel";

const PAGE_SIZE = 10;

/** quiz/:quizId/grade: the quiz's ungraded submissions, each with its answers, a score and Submit Grade. */
export function GradeQuizPage() {
  const quizId = Number(useParams().quizId);
  const base = staffBase(useLocation().pathname);
  const [page, setPage] = useState(1);
  const list = useUngraded(quizId, page, PAGE_SIZE);
  const grade = useGradeSubmission(quizId);
  const quiz = list.data?.quiz;

  return (
    <Stack aria-busy={list.isFetching}>
      <PageHeader
        title="Grade Quiz"
        subtitle={quiz ? `${quiz.title} · ${quiz.course.title} · pass mark ${quiz.passingScore}%` : undefined}
        actions={
          <Button variant="default" component={Link} to={`${base}/grade`}>
            Grades Management
          </Button>
        }
      />
      <LateAnswersPanel quizId={quizId} />
      <ListBody
        query={list}
        rows={list.data?.data}
        loading={2}
        errorMessage={M.gradesLoadFailed}
        empty={{ title: M.noUngraded }}
        pager={{ total: list.data?.pagination.total ?? 0, page, pageSize: PAGE_SIZE, onChange: setPage, label: "Ungraded submissions pages" }}
        gap="md"
      >
        {(rows) =>
          rows.map((s) => (
            <GradeCard
              key={s.id}
              submission={s}
              onGrade={async (g) => {
                const item = await grade.mutateAsync({ id: s.id, grade: g });
                notifications.show({ color: "green", message: `Grade saved for ${s.user.name}: ${item.score?.toFixed(2) ?? "—"}%` });
                // The last one on a later page: step back a page.
                if (rows.length === 1 && page > 1) setPage(page - 1);
              }}
            />
          ))
        }
      </ListBody>
    </Stack>
  );
}
