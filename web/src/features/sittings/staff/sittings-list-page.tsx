import { useLocation } from "react-router";
import { Stack } from "@mantine/core";
import { staffBase } from "@/lib/staff-area";
import { CardList, ListBody, useListFilters } from "@/components/list-page";
import { PageHeader } from "@/components/page-header";
import { useSittings } from "../api/sittings";
import { SittingCard } from "../components/sitting-card";

const PAGE_SIZE = 20;

/** sittings — every paper sitting the viewer may manage (a teacher: of their quizzes), newest first. */
export function SittingsListPage() {
  const base = staffBase(useLocation().pathname);
  const f = useListFilters({});
  const list = useSittings(null, f.page, PAGE_SIZE);
  return (
    <Stack aria-busy={list.isFetching}>
      <PageHeader title="Paper sittings" subtitle="Quizzes printed with answer sheets: scan the sheets with your phone and the marks are recorded." />
      <ListBody
        query={list}
        rows={list.data?.data}
        loading={3}
        errorMessage="Failed to load the sittings"
        empty={{
          title: "No paper sittings yet.",
          message: "Open a quiz and choose Print as paper: the question paper and one answer sheet per student.",
        }}
        pager={{ total: list.data?.pagination.total ?? 0, page: f.page, pageSize: PAGE_SIZE, onChange: f.setPage, label: "Sittings pages" }}
      >
        {(rows) => (
          <CardList rows={rows} label="Sittings">
            {(s) => <SittingCard key={s.id} sitting={s} base={base} showQuiz />}
          </CardList>
        )}
      </ListBody>
    </Stack>
  );
}
