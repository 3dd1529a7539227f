import { useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { STUDENT_TYPE_LABELS, STUDENT_TYPES, type StudentType, type TermClass, type TermSubject } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { staffBase } from "@/lib/staff-area";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { useConfirmDelete } from "@/components/list-page/use-confirm-delete";
import { PageHeader } from "@/components/page-header";
import { useDeleteSubject, useTerm, useTermClasses } from "../api/terms";
import { dayText, sameLevel, termNumberText } from "../components/report-format";
import { SubjectForm } from "../forms/subject-form";
import { CheckBadge } from "./checks-panel";

const partLine = (s: TermSubject, part: "class" | "exam") =>
  s.components
    .filter((c) => c.part === part)
    .map((c) => `${c.name} /${c.outOf} ×${c.weight}`)
    .join(", ") || "none";

function SubjectCard({
  subject,
  classes,
  base,
  termId,
  admin,
  onEdit,
  onRemove,
}: {
  subject: TermSubject;
  classes: TermClass[];
  base: string;
  termId: number;
  admin: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="subject-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{subject.name}</Text>
          <Group gap={4}>
            {subject.canEdit && (
              <Button size="compact-xs" variant="light" onClick={onEdit} aria-label={`Edit ${subject.name}`}>
                Edit
              </Button>
            )}
            {admin && (
              <Button size="compact-xs" variant="light" color="red" onClick={onRemove} aria-label={`Remove ${subject.name}`}>
                Remove
              </Button>
            )}
          </Group>
        </Group>
        <Text size="sm">
          <Text span size="sm" c="dimmed">
            Class score:{" "}
          </Text>
          {partLine(subject, "class")}
        </Text>
        <Text size="sm">
          <Text span size="sm" c="dimmed">
            Exam score:{" "}
          </Text>
          {partLine(subject, "exam")}
        </Text>
        <Group gap={4} wrap="wrap">
          <Text size="xs" c="dimmed">
            Score sheet:
          </Text>
          {classes.length === 0 && (
            <Text size="xs" c="dimmed">
              no class yet
            </Text>
          )}
          {classes.map((c) => (
            <Button
              key={c.class}
              size="compact-xs"
              variant="default"
              component={Link}
              to={`${base}/terms/${termId}/subjects/${subject.id}?class=${encodeURIComponent(c.class)}`}
              aria-label={`Score sheet of ${subject.name}, ${c.class}`}
            >
              {c.class}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

/** A term: its subjects per level (admin adds and removes; the course's teacher edits the parts) and its classes with their checks. */
export function TermPage() {
  const termId = Number(useParams().id);
  const base = staffBase(useLocation().pathname);
  const admin = useAuth().user?.role === "admin";
  const term = useTerm(termId);
  const classes = useTermClasses(termId);
  const del = useDeleteSubject(termId);
  const [editing, setEditing] = useState<{ subject: TermSubject | null; level: StudentType | null } | null>(null);
  const removing = useConfirmDelete<TermSubject>(del, { done: (s) => `Removed ${s.name}`, failed: "Could not remove the subject" });

  if (term.isPending) return <Skeleton height={420} />;
  if (term.isError) return <ErrorState message={errorText(term.error, "Could not load the term")} onRetry={() => void term.refetch()} />;
  const t = term.data;
  const allClasses = classes.data?.classes ?? [];
  const levels = STUDENT_TYPES.filter((l) => admin || t.subjects.some((s) => s.level === l) || allClasses.some((c) => sameLevel(c.level, l)));

  return (
    <Stack>
      <PageHeader
        title={t.name}
        subtitle={`${termNumberText(t.number)} · ${dayText(t.startsOn)} to ${dayText(t.endsOn)} · class score ${t.classWeight}%, exam ${t.examWeight}% · positions within the ${t.positionScope === "level" ? "level" : "class"}${t.attendanceDays !== null ? ` · ${t.attendanceDays} days opened` : ""}`}
        actions={
          <>
            <Button component={Link} to={`${base}/terms`} variant="default" size="sm">
              All terms
            </Button>
            {admin && (
              <Button component={Link} to={`${base}/terms/${termId}/edit`} variant="light" size="sm">
                Edit term
              </Button>
            )}
          </>
        }
      />
      <Stack gap="sm" component="section" aria-labelledby="classes-title">
        <Title order={2} size="h4" id="classes-title">
          Classes and their reports
        </Title>
        {classes.isPending ? (
          <Skeleton height={80} />
        ) : classes.isError ? (
          <ErrorState message={errorText(classes.error, "Could not load the classes")} onRetry={() => void classes.refetch()} />
        ) : allClasses.length === 0 ? (
          <EmptyState title="No classes yet." message="A class is the students of a level and stream (JHS 2B)." />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {allClasses.map((c) => (
              <Paper key={c.class} withBorder p="sm" radius="md" data-testid="class-card">
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>{c.class}</Text>
                    <Badge color={c.released ? "green" : "gray"} variant="light">
                      {c.released ? "Released" : "Not released"}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {c.students} students
                  </Text>
                  <CheckBadge label="Class teacher" check={c.classTeacher} />
                  <CheckBadge label="Head teacher" check={c.headTeacher} />
                  <Button
                    size="xs"
                    component={Link}
                    to={`${base}/terms/${termId}/reports?class=${encodeURIComponent(c.class)}`}
                    aria-label={`Class reports of ${c.class}`}
                  >
                    Class reports
                  </Button>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="subjects-title">
        <Title order={2} size="h4" id="subjects-title">
          Subjects
        </Title>
        {levels.length === 0 && <EmptyState title="No subjects yet." message="The head teacher or an admin adds each level's subjects." />}
        {levels.map((level) => {
          const subjects = t.subjects.filter((s) => s.level === level);
          return (
            <Stack key={level} gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Title order={3} size="h5">
                  {STUDENT_TYPE_LABELS[level]}
                </Title>
                {admin && (
                  <Button size="xs" variant="light" onClick={() => setEditing({ subject: null, level })}>
                    Add subject to {STUDENT_TYPE_LABELS[level]}
                  </Button>
                )}
              </Group>
              {subjects.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No subjects in {STUDENT_TYPE_LABELS[level]} yet.
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                  {subjects.map((s) => (
                    <SubjectCard
                      key={s.id}
                      subject={s}
                      classes={allClasses.filter((c) => sameLevel(c.level, level))}
                      base={base}
                      termId={termId}
                      admin={admin}
                      onEdit={() => setEditing({ subject: s, level })}
                      onRemove={() => removing.ask(s)}
                    />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          );
        })}
      </Stack>
      <SubjectForm
        termId={termId}
        subject={editing?.subject ?? null}
        level={editing?.level ?? null}
        admin={admin}
        opened={!!editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        {...removing.dialog}
        title="Remove subject"
        confirmLabel="Remove"
        message="Are you sure you want to remove this subject from the term?"
        details={
          removing.target &&
          `${removing.target.name} (${STUDENT_TYPE_LABELS[removing.target.level]}): its entered marks, adjustments and remarks are deleted too.`
        }
      />
    </Stack>
  );
}
