import { useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { Anchor, Button, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ScanStatus } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { staffBase } from "@/lib/staff-area";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ErrorState } from "@/components/error-state";
import { ListBody } from "@/components/list-page";
import { PageHeader } from "@/components/page-header";
import { useDeleteSitting, useScans, useSitting } from "../api/sittings";
import { PrintPanel } from "../components/print-panel";
import { ScanCards } from "../components/scan-list";
import { levelLabel, plural } from "../components/sitting-text";

const PAGE_SIZE = 20;
const FILTERS: { value: string; label: string }[] = [
  { value: "", label: "All sheets" },
  { value: "review", label: "Needs you" },
  { value: "reading", label: "Reading" },
  { value: "recorded", label: "Recorded" },
  { value: "refused", label: "Refused" },
];

function Stat({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder p="xs" bg="gray.0">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={800} size="xl" c={value ? color : undefined}>
        {value}
      </Text>
    </Paper>
  );
}

/** sittings/:id — a sitting's summary, Scan sheets, Print, and its sheets by state (asked again while any is read). */
export function SittingPage() {
  const id = Number(useParams().id);
  const base = staffBase(useLocation().pathname);
  const navigate = useNavigate();
  const sitting = useSitting(id);
  const [status, setStatus] = useState<string>("");
  const [page, setPage] = useState(1);
  const scans = useScans(id, (status || null) as ScanStatus | null, page, PAGE_SIZE);
  const del = useDeleteSitting();
  const [deleting, setDeleting] = useState(false);

  if (sitting.isPending)
    return (
      <Stack role="status" aria-label="Loading">
        <Skeleton height={32} width="60%" />
        <Skeleton height={120} />
      </Stack>
    );
  if (sitting.isError)
    return <ErrorState message={errorText(sitting.error, "Could not load the sitting")} onRetry={() => void sitting.refetch()} retrying={sitting.isFetching} />;

  const s = sitting.data;
  const c = s.scans;
  return (
    <Stack maw={860}>
      <Anchor component={Link} to={`${base}/sittings`} size="sm">
        ← Paper sittings
      </Anchor>
      <PageHeader title={s.quiz.title} subtitle={`${s.class} · on paper`} />

      <Button component={Link} to={`${base}/sittings/${id}/scan`} size="lg" fullWidth maw={420}>
        Scan sheets
      </Button>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" aria-label="Sheets scanned">
        <Stat label="Recorded" value={c.recorded} color="green.8" />
        <Stat label="Need you" value={c.review} color="orange.8" />
        <Stat label="Reading" value={c.reading} color="blue.8" />
        <Stat label="Refused" value={c.refused} color="red.8" />
      </SimpleGrid>

      <Paper withBorder p="md" radius="md" component="section" aria-label="The sitting">
        <Stack gap={6}>
          <Text size="sm">
            <b>Class:</b> {s.class} ({levelLabel(s.quiz.level)}
            {s.stream ? `, stream ${s.stream}` : ", whole level"})
          </Text>
          <Text size="sm">
            <b>Questions:</b> {plural(s.bubbleQuestions, "bubble row")}
            {s.boxQuestions ? `, ${plural(s.boxQuestions, "written box", "written boxes")} you mark` : ""}
          </Text>
          <Text size="sm">
            <b>Versions:</b> {s.versions}
            {s.versions > 1 ? " (questions and options shuffled)" : ""}
          </Text>
          <Text size="sm">
            <b>Sheets:</b> {plural(s.students, "student")}
            {s.blankSheets ? ` + ${s.blankSheets} blank` : ""}; {plural(c.total, "sheet")} scanned
          </Text>
          <Group gap="xs" mt={4} wrap="wrap">
            <PrintPanel sitting={s} />
          </Group>
        </Stack>
      </Paper>

      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs" mt="sm">
        <Title order={2} size="h4">
          Sheets
        </Title>
        <Select
          label="Show"
          data={FILTERS}
          value={status}
          onChange={(v) => {
            setStatus(v ?? "");
            setPage(1);
          }}
          allowDeselect={false}
          w={180}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <ListBody
        query={scans}
        rows={scans.data?.data}
        loading={3}
        errorMessage="Failed to load the sheets"
        busy={scans.isFetching}
        empty={{
          title: "No sheets scanned yet.",
          message: "After the test, tap Scan sheets and photograph each answer sheet, or upload a scanner's PDF.",
          action: (
            <Button component={Link} to={`${base}/sittings/${id}/scan`} variant="light">
              Scan sheets
            </Button>
          ),
        }}
        filtered={status ? { title: "No sheets in this state." } : false}
        pager={{ total: scans.data?.pagination.total ?? 0, page, pageSize: PAGE_SIZE, onChange: setPage, label: "Sheets pages" }}
      >
        {(rows) => <ScanCards scans={rows} base={base} sittingId={id} />}
      </ListBody>

      {c.recorded === 0 && (
        <Group>
          <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
            Delete this sitting
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={deleting}
        title="Delete this sitting?"
        message={`The printed sheets of ${s.class} will no longer be read.`}
        details={c.total ? `${plural(c.total, "scanned sheet")} go with it.` : undefined}
        loading={del.isPending}
        error={del.isError ? errorText(del.error, "Could not delete the sitting") : null}
        onConfirm={() => del.mutate(id, { onSuccess: () => navigate(`${base}/sittings`) })}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
