import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Badge, Button, Group, NativeSelect, NumberInput, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { PERFORMANCE_STRATEGIES, STRATEGY_LABEL, type PerformanceStrategy } from "@adesua/domain/rules";
import type { StudentPerformanceRow } from "@adesua/domain";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { PageHeader } from "@/components/page-header";
import { ListBody, useListFilters } from "@/components/list-page";
import { DataTable } from "@/components/list-page/data-table";
import { fetchAllStudentPerformance, useCourseOptions, useOverrideScore, useStudentPerformance, type StudentFilters } from "../api/performance";
import { OverrideDialog } from "../components/override-dialog";
import { areaBaseOf, gradeColor, score } from "../components/performance-display";
import { pinnedLinkColumn } from "../components/pinned-link-column";
import { downloadCsv } from "../components/csv";

const PAGE_SIZE = 20;
type Draft = { courseId: string; minScore: string | number; maxScore: string | number; strategy: PerformanceStrategy };
const EMPTY: Draft = { courseId: "", minScore: "", maxScore: "", strategy: "standard" };

const numberOrUndefined = (v: string | number) => (v === "" ? undefined : Number(v));

/** The performance dashboard (students): filters with Apply, strategy, name search, Export CSV, and the admin's Override. */
export function StudentsPerformancePage() {
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const base = areaBaseOf(useLocation().pathname);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const f = useListFilters({ applied: EMPTY });
  const applied = f.filters.applied;
  const [overriding, setOverriding] = useState<StudentPerformanceRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const courses = useCourseOptions(isAdmin);
  const filters: Omit<StudentFilters, "page" | "limit"> = {
    courseId: isAdmin && applied.courseId ? Number(applied.courseId) : undefined,
    minScore: numberOrUndefined(applied.minScore),
    maxScore: numberOrUndefined(applied.maxScore),
    strategy: applied.strategy,
    search: f.query || undefined,
  };
  const q = useStudentPerformance({ ...filters, page: f.page, limit: PAGE_SIZE });
  const override = useOverrideScore();

  async function exportCsv() {
    setExporting(true);
    try {
      const all = await fetchAllStudentPerformance(filters);
      if (!all.length) {
        notifications.show({ color: "red", message: "No student data to export" });
        return;
      }
      downloadCsv("performance-summary.csv", [
        ["Name", "User ID", "Quizzes", "Courses", "Quiz Count", "Final Score", "Computed Score", "Overridden", "Remark"],
        ...all.map((r) => [
          r.name,
          r.userId,
          r.quizTitles.join("; "),
          r.courseTitles.join("; "),
          r.quizCount,
          r.finalScore,
          r.computedScore,
          r.overridden ? "Yes" : "No",
          r.remark ?? "",
        ]),
      ]);
    } catch (err) {
      notifications.show({ color: "red", message: errorText(err, "Failed to export data. Please try again.") });
    } finally {
      setExporting(false);
    }
  }

  async function saveOverride(finalScore: number, remark: string) {
    if (!overriding) return;
    try {
      await override.mutateAsync({ userId: overriding.userId, finalScore, remark });
      notifications.show({ color: "green", message: `${overriding.name}'s final score is now ${score(finalScore)}` });
      setOverriding(null);
    } catch (err) {
      notifications.show({ color: "red", message: errorText(err, "Could not save the override") });
    }
  }

  return (
    <Stack>
      <PageHeader
        title="Student Performance"
        subtitle="Each student's final score over the quizzes they sat."
        actions={
          <Button component={Link} to={`${base}/performance`} variant="default" size="sm">
            Quiz performance
          </Button>
        }
      />
      <Group grow preventGrowOverflow={false} wrap="wrap" align="flex-end">
        {isAdmin && (
          <NativeSelect
            label="Course"
            value={draft.courseId}
            onChange={(e) => setDraft({ ...draft, courseId: e.currentTarget.value })}
            data={[{ value: "", label: "All courses" }, ...(courses.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))]}
            miw={160}
          />
        )}
        <NumberInput label="Min Score" min={0} max={100} value={draft.minScore} onChange={(v) => setDraft({ ...draft, minScore: v })} miw={110} />
        <NumberInput label="Max Score" min={0} max={100} value={draft.maxScore} onChange={(v) => setDraft({ ...draft, maxScore: v })} miw={110} />
        <NativeSelect
          label="Strategy"
          value={draft.strategy}
          onChange={(e) => setDraft({ ...draft, strategy: e.currentTarget.value as PerformanceStrategy })}
          data={PERFORMANCE_STRATEGIES.map((s) => ({ value: s, label: STRATEGY_LABEL[s] }))}
          miw={140}
        />
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Button onClick={() => f.set({ applied: draft })}>Apply</Button>
        <Button variant="light" loading={exporting} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
        <TextInput label="Search by name" placeholder="Student name" {...f.searchInput} style={{ flex: 1 }} miw={180} />
      </Group>
      <ListBody
        query={q}
        rows={q.data?.data}
        loading={
          <Text role="status" aria-busy>
            Loading student performance...
          </Text>
        }
        errorMessage="Failed to load data. Please try again."
        empty={{ title: "No students found", message: "No student has a graded quiz matching these filters." }}
        pager={{ total: q.data?.pagination.total ?? 0, page: f.page, pageSize: PAGE_SIZE, onChange: f.setPage, label: "Student performance pages" }}
        gap="md"
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(r) => r.userId}
            minWidth={720}
            scrollProps={{ "aria-busy": q.isFetching }}
            columns={[
              pinnedLinkColumn<(typeof rows)[number]>(
                "name",
                "Name",
                (r) => `${base}/performance/${r.userId}`,
                (r) => r.name,
                600,
              ),
              {
                key: "final",
                header: "Final score",
                cell: (r) => (
                  <Group gap={6} wrap="nowrap">
                    <Badge color={gradeColor(r.finalScore)} variant="filled" autoContrast styles={{ label: { overflow: "visible" } }}>
                      {score(r.finalScore)}
                    </Badge>
                    {r.overridden && (
                      <Tooltip label={`Computed ${score(r.computedScore)}${r.remark ? ` · ${r.remark}` : ""}`} withArrow>
                        <Badge variant="outline" color="grape" tabIndex={0}>
                          Overridden
                        </Badge>
                      </Tooltip>
                    )}
                  </Group>
                ),
              },
              isAdmin && {
                key: "override",
                header: "Override",
                cell: (r) => (
                  <Button size="xs" variant="light" onClick={() => setOverriding(r)} aria-label={`Override ${r.name}'s final score`}>
                    Override
                  </Button>
                ),
              },
              { key: "count", header: "Quiz count", cell: (r) => r.quizCount },
              {
                key: "quizzes",
                header: "Quizzes",
                td: { maw: 260 },
                cell: (r) => (
                  <Text size="sm" lineClamp={2} title={r.quizTitles.join(", ")}>
                    {r.quizTitles.join(", ")}
                  </Text>
                ),
              },
              { key: "courses", header: "Courses", cell: (r) => r.courseTitles.join(", ") },
            ]}
          />
        )}
      </ListBody>
      <OverrideDialog
        key={overriding?.userId ?? 0}
        row={overriding}
        saving={override.isPending}
        onSave={(s, r) => void saveOverride(s, r)}
        onClose={() => setOverriding(null)}
      />
    </Stack>
  );
}
