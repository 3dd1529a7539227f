import { useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { Button, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { GRADING_MESSAGES as M } from "@adesua/domain/constants";
import { errorText } from "@/lib/api";
import { staffBase } from "@/lib/staff-area";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { PageHeader } from "@/components/page-header";
import { PaginationFooter } from "@/components/pagination-footer";
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
      {list.isPending ? (
        <ListSkeleton count={2} />
      ) : list.isError ? (
        <ErrorState message={errorText(list.error, M.gradesLoadFailed)} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title={M.noUngraded} />
      ) : (
        <Stack gap="md">
          {list.data.data.map((s) => (
            <GradeCard
              key={s.id}
              submission={s}
              onGrade={async (g) => {
                const item = await grade.mutateAsync({ id: s.id, grade: g });
                notifications.show({ color: "green", message: `Grade saved for ${s.user.name}: ${item.score?.toFixed(2) ?? "—"}%` });
                // The last one on a later page: step back a page.
                if (list.data.data.length === 1 && page > 1) setPage(page - 1);
              }}
            />
          ))}
          <PaginationFooter total={list.data.pagination.total} page={page} pageSize={PAGE_SIZE} onChange={setPage} label="Ungraded submissions pages" />
        </Stack>
      )}
    </Stack>
  );
}
