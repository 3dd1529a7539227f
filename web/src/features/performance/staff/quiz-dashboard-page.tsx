import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Alert, Button, Checkbox, Group, NativeSelect, SimpleGrid, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { PERFORMANCE_MESSAGES } from "@adesua/domain";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { useQueryParams } from "@/lib/use-query-params";
import { PageHeader } from "@/components/page-header";
import { ListBody, pageParam } from "@/components/list-page";
import { exportQuizzes, useCourseOptions, useQuizDashboard } from "../api/performance";
import { QuizPerformanceTable } from "../components/quiz-performance-table";
import { areaBaseOf, score } from "../components/performance-display";
import { StatCard } from "./stat-card";

const PAGE_SIZE = 20;

/** The enhanced performance dashboard (quizzes): summary cards, filters, sortable table, selection, export, pages. */
export function QuizDashboardPage() {
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";
  const base = areaBaseOf(useLocation().pathname);
  const [params, update] = useQueryParams();
  const [search, setSearch] = useState(params.get("searchTitle") ?? "");
  const [debounced] = useDebouncedValue(search, 300);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [details, setDetails] = useState(false);
  const [exporting, setExporting] = useState<"csv" | "excel" | null>(null);
  const page = pageParam(params);
  const sortBy = params.get("sortBy") ?? "title";
  const sortOrder = params.get("sortOrder") === "desc" ? "desc" : "asc";
  const courseId = isAdmin && params.get("courseId") ? Number(params.get("courseId")) : undefined;
  const courses = useCourseOptions(isAdmin);
  const filters = {
    searchTitle: debounced.trim() || undefined,
    courseId,
    status: params.get("status") ?? undefined,
    dateFrom: params.get("dateFrom") ?? undefined,
    dateTo: params.get("dateTo") ?? undefined,
    sortBy,
    sortOrder,
    page,
    limit: PAGE_SIZE,
  } as const;
  const q = useQuizDashboard(filters);

  const setFilter = (changes: Record<string, string | null>) => update({ ...changes, page: null });

  async function doExport(format: "csv" | "excel") {
    if (selected.size === 0) {
      notifications.show({ color: "red", message: PERFORMANCE_MESSAGES.noQuizSelected });
      return;
    }
    setExporting(format);
    try {
      await exportQuizzes([...selected], format, details);
    } catch (err) {
      notifications.show({ color: "red", message: errorText(err, "Export failed. Please try again.") });
    } finally {
      setExporting(null);
    }
  }

  return (
    <Stack>
      <PageHeader
        title="Quiz Performance"
        subtitle="How every quiz went: select quizzes to export them."
        actions={
          <Button component={Link} to={`${base}/performance-legacy`} variant="default" size="sm">
            Student performance
          </Button>
        }
      />
      {q.isPending ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} role="status" aria-label="Loading the summary">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={76} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        q.data && (
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            <StatCard large label="Quizzes" value={q.data.summary.totalQuizzes} />
            <StatCard large label="Completed attempts" value={q.data.summary.totalCompletedAttempts} />
            <StatCard large label="Average score" value={score(q.data.summary.averageScore)} />
            <StatCard large label="High-performing quizzes" value={q.data.summary.highPerformanceQuizzes} />
          </SimpleGrid>
        )
      )}
      <Group grow preventGrowOverflow={false} wrap="wrap" align="flex-end">
        <TextInput
          label="Search quizzes"
          placeholder="Quiz title"
          value={search}
          miw={180}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setFilter({ searchTitle: e.currentTarget.value || null });
          }}
        />
        {isAdmin && (
          <NativeSelect
            label="Course"
            value={courseId ? String(courseId) : ""}
            onChange={(e) => setFilter({ courseId: e.currentTarget.value || null })}
            data={[{ value: "", label: "All courses" }, ...(courses.data ?? []).map((c) => ({ value: String(c.id), label: c.title }))]}
          />
        )}
        <NativeSelect
          label="Status"
          value={params.get("status") ?? ""}
          onChange={(e) => setFilter({ status: e.currentTarget.value || null })}
          data={[
            { value: "", label: "Any status" },
            { value: "active", label: "Active" },
            { value: "expired", label: "Expired" },
            { value: "upcoming", label: "Upcoming" },
          ]}
        />
        <TextInput
          type="date"
          label="Created from"
          value={params.get("dateFrom") ?? ""}
          onChange={(e) => setFilter({ dateFrom: e.currentTarget.value || null })}
        />
        <TextInput type="date" label="Created to" value={params.get("dateTo") ?? ""} onChange={(e) => setFilter({ dateTo: e.currentTarget.value || null })} />
      </Group>
      <Group gap="sm" wrap="wrap">
        <Text size="sm" aria-live="polite">
          {selected.size === 1 ? "1 quiz selected" : `${selected.size} quizzes selected`}
        </Text>
        <Checkbox label="Include student details" checked={details} onChange={(e) => setDetails(e.currentTarget.checked)} />
        <Button size="xs" variant="light" loading={exporting === "csv"} onClick={() => void doExport("csv")}>
          Export CSV
        </Button>
        <Button size="xs" variant="light" loading={exporting === "excel"} onClick={() => void doExport("excel")}>
          Export Excel
        </Button>
        {selected.size > 0 && (
          <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        )}
      </Group>
      <ListBody
        query={q}
        rows={q.data?.data}
        loading={null}
        errorTitle="Could not load the dashboard"
        errorMessage="Failed to load data. Please try again."
        empty={{ title: "No quizzes found", message: "No quiz matches these filters." }}
        pager={{
          total: q.data?.pagination.totalItems ?? 0,
          page,
          pageSize: PAGE_SIZE,
          onChange: (p) => update({ page: p > 1 ? String(p) : null }),
          label: "Quiz performance pages",
        }}
        gap="md"
      >
        {(rows) => (
          <div aria-busy={q.isFetching}>
            <QuizPerformanceTable
              rows={rows}
              sort={{ sortBy, sortOrder }}
              onSort={(s) => update({ sortBy: s.sortBy, sortOrder: s.sortOrder, page: null })}
              selected={selected}
              onToggle={(id) =>
                setSelected((prev) => {
                  const next = new Set(prev);
                  if (!next.delete(id)) next.add(id);
                  return next;
                })
              }
              onToggleAll={(on) =>
                setSelected((prev) => {
                  const next = new Set(prev);
                  for (const r of rows)
                    if (on) next.add(r.quizId);
                    else next.delete(r.quizId);
                  return next;
                })
              }
              detailsHref={(id) => `${base}/performance/quiz-details/${id}`}
            />
          </div>
        )}
      </ListBody>
      {!isAdmin && (
        <Alert variant="light" color="blue">
          You see the quizzes of your own courses.
        </Alert>
      )}
    </Stack>
  );
}
