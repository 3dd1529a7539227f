import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Alert, Anchor, Button, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import type { InsightKind, TeacherHome } from "@adesua/domain";
import { INSIGHT_RULES } from "@adesua/domain/rules";
import { useAuth } from "@/lib/auth";
import { errorText } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { Greeting } from "@/components/greeting";
import { useTeacherHome } from "../api/teacher-home";
import { InsightDialog } from "../components/insight-dialog";

const BASE = "/teachers/dashboard";

function StatCard({ label, value, note, loading, to }: { label: string; value: string; note?: string; loading: boolean; to?: string }) {
  const body = (
    <>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={28} mt={4} width="60%" />
      ) : (
        <>
          <Text fz={26} fw={700} lh={1.3} data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}>
            {value}
          </Text>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
          {to && (
            <Text size="xs" c="green.8" fw={600} mt={2}>
              View submissions →
            </Text>
          )}
        </>
      )}
    </>
  );
  // A figure with somewhere to go is a link to it (the "To Grade" count opens the submissions waiting).
  if (to)
    return (
      <Paper withBorder p="sm" radius="md" component={Link} to={to} style={{ display: "block", color: "inherit" }}>
        {body}
      </Paper>
    );
  return (
    <Paper withBorder p="sm" radius="md">
      {body}
    </Paper>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** Spec 001 §9 grade colours: green at 70 or more, orange at 50 or more, red below. */
const gradeColor = (n: number) => (n >= 70 ? "green" : n >= 50 ? "orange" : "red");

function Deadlines({ home }: { home: TeacherHome }) {
  if (home.deadlines.length === 0) return <Text c="dimmed">No upcoming deadlines.</Text>;
  return (
    <Stack gap={0} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {home.deadlines.map((d) => (
        <Group
          key={d.quizId}
          component="li"
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          py={6}
          style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}
        >
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`${BASE}/quizzes/${d.quizId}`} fw={600} style={{ overflowWrap: "anywhere" }}>
              {d.title}
            </Anchor>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {d.courseTitle}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end" style={{ flex: "none" }}>
            <Text size="sm" data-testid="deadline-close">
              Closes {formatDateTime(d.closeTime)}
            </Text>
            <Text size="xs" c="dimmed">
              {d.submissions === 1 ? "1 submission" : `${d.submissions} submissions`}
            </Text>
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

function Courses({ home }: { home: TeacherHome }) {
  if (home.courses.length === 0) return <Text c="dimmed">No courses assigned yet.</Text>;
  return (
    <Stack gap="sm">
      {home.courses.map((c) => (
        <Stack key={c.id} gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {c.title}
            </Text>
            <Text fw={600} style={{ flex: "none" }}>
              {c.averageScore === null ? "No results yet" : `${c.averageScore.toFixed(1)}%`}
            </Text>
          </Group>
          {c.averageScore !== null && (
            <Progress value={c.averageScore} color={gradeColor(c.averageScore)} aria-label={`${c.title} average ${c.averageScore.toFixed(1)}%`} />
          )}
          <Text size="xs" c="dimmed">
            {c.quizCount === 1 ? "1 quiz" : `${c.quizCount} quizzes`} · {c.results === 1 ? "1 result" : `${c.results} results`}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

const INSIGHTS: { kind: InsightKind; title: string; text: (n: number) => string; color: string }[] = [
  {
    kind: "top",
    title: "Top students",
    text: (n) => `${n === 1 ? "1 student is" : `${n} students are`} averaging ${INSIGHT_RULES.topAverage}% or more`,
    color: "green",
  },
  {
    kind: "support",
    title: "Students needing support",
    text: (n) => `${n === 1 ? "1 student needs" : `${n} students need`} support: below the pass mark, or falling over their last three quizzes`,
    color: "red",
  },
  {
    kind: "active",
    title: "Active this week",
    text: (n) => `${n === 1 ? "1 student was" : `${n} students were`} active in the last ${INSIGHT_RULES.activeDays} days`,
    color: "blue",
  },
];

function Insights({ home, onOpen }: { home: TeacherHome; onOpen: (kind: InsightKind) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {INSIGHTS.map((i) => (
        <UnstyledButton key={i.kind} onClick={() => onOpen(i.kind)} data-testid={`insight-${i.kind}-open`}>
          <Paper withBorder p="sm" radius="md" h="100%" style={{ borderLeft: `4px solid var(--mantine-color-${i.color}-8)` }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {i.title}
            </Text>
            <Text fz={24} fw={700} data-testid={`insight-${i.kind}`}>
              {home.insights[i.kind]}
            </Text>
            <Text size="sm">{i.text(home.insights[i.kind])}</Text>
            <Text size="xs" c={`${i.color}.8`} fw={600} mt={4}>
              Show the students
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

/** Every screen of the teacher's area in one tap (issue 24 §2): "Upload Quiz" is the Word/PDF upload, "New quiz" the manual form. */
const QUICK_LINKS: [string, string][] = [
  ["Courses", "courses"],
  ["Quizzes", "quizzes"],
  ["Upload Quiz", "quiz/upload"],
  ["New quiz", "quizzes/new"],
  ["Calendar", "schedule"],
  ["Performance", "performance"],
  ["Grades", "grade"],
  ["Question Bank", "questions"],
  ["Records", "records"],
  ["Reports", "reports"],
  ["Library", "library"],
  ["Import/Export", "import-export"],
];

/** /teachers/dashboard: the teacher's figures, deadlines, courses and student insights, all computed by the server (decision 024). */
export function TeacherHomePage() {
  const { user } = useAuth();
  const home = useTeacherHome();
  const [open, setOpen] = useState<InsightKind | null>(null);
  // The dialog keeps its title while it closes (an unnamed dialog fails the accessibility check).
  const [titled, setTitled] = useState<InsightKind>("top");
  const d = home.data;
  const s = d?.stats;

  return (
    <Stack gap="md">
      <Greeting name={user?.name ?? ""} subtitle="Welcome to your teaching dashboard." />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-busy={home.isPending}>
        <StatCard label="Active Quizzes" value={String(s?.activeQuizzes ?? 0)} note={s && `of ${s.totalQuizzes} quizzes`} loading={home.isPending} />
        <StatCard label="Students" value={String(s?.students ?? 0)} note="with a result" loading={home.isPending} />
        <StatCard label="To Grade" value={String(s?.toGrade ?? 0)} note="submissions" loading={home.isPending} to={`${BASE}/submissions`} />
        <StatCard
          label="Average Score"
          value={s?.averageScore == null ? "—" : `${s.averageScore.toFixed(1)}%`}
          note={s && `${s.courses} ${s.courses === 1 ? "course" : "courses"}`}
          loading={home.isPending}
        />
      </SimpleGrid>
      {home.isError && (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{errorText(home.error, "Your dashboard could not be loaded.")}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void home.refetch()}>
              Try Again
            </Button>
          </Group>
        </Alert>
      )}
      {d && (
        <>
          <Section title="Student Insights">
            <Insights
              home={d}
              onOpen={(kind) => {
                setTitled(kind);
                setOpen(kind);
              }}
            />
          </Section>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Section title="Upcoming Deadlines">
              <Deadlines home={d} />
            </Section>
            <Section
              title="Course Performance"
              action={
                d.stats.courses > d.courses.length && (
                  <Anchor component={Link} to={`${BASE}/courses`} size="sm">
                    View all {d.stats.courses} courses
                  </Anchor>
                )
              }
            >
              <Courses home={d} />
            </Section>
          </SimpleGrid>
        </>
      )}
      <Section title="Main Navigation">
        <Group gap="xs">
          {QUICK_LINKS.map(([label, to]) => (
            <Button key={to} component={Link} to={`${BASE}/${to}`} variant="light" size="sm">
              {label}
            </Button>
          ))}
        </Group>
      </Section>
      <InsightDialog kind={open} title={INSIGHTS.find((i) => i.kind === titled)!.title} onClose={() => setOpen(null)} />
    </Stack>
  );
}
