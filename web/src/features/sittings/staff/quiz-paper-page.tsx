import { useState, type FormEvent } from "react";
import { Link, useLocation, useParams } from "react-router";
import { Anchor, Button, Chip, Group, NumberInput, Paper, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { MAX_BLANK_SHEETS, MAX_SITTING_VERSIONS, type Sitting } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { staffBase } from "@/lib/staff-area";
import { FormError } from "@/components/form-actions";
import { PageHeader } from "@/components/page-header";
import { CardList, ListBody } from "@/components/list-page";
import { useCreateSitting, useLevelStreams, useQuizForPaper, useSittings } from "../api/sittings";
import { PrintPanel } from "../components/print-panel";
import { SittingCard } from "../components/sitting-card";
import { levelLabel, sittingFacts } from "../components/sitting-text";

const PAGE_SIZE = 10;
const WHOLE = "";

/**
 * quizzes/:quizId/paper — print a quiz as paper: a new sitting (a class, 1–4 versions, blank sheets), printed as one PDF
 * with its progress; below, the quiz's earlier sittings.
 */
export function QuizPaperPage() {
  const quizId = Number(useParams().quizId);
  const base = staffBase(useLocation().pathname);
  const quiz = useQuizForPaper(quizId);
  const level = quiz.data?.studentType ?? null;
  const streams = useLevelStreams(level);
  const [page, setPage] = useState(1);
  const list = useSittings(quizId, page, PAGE_SIZE);
  const create = useCreateSitting();
  const [stream, setStream] = useState<string>(WHOLE);
  const [versions, setVersions] = useState("1");
  const [blank, setBlank] = useState<number | string>(0);
  const [created, setCreated] = useState<Sitting | null>(null);
  const [error, setError] = useState<string | null>(null);

  const lvl = level ? levelLabel(level) : "";
  const known = streams.data?.streams ?? [];

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const blankSheets = typeof blank === "number" ? blank : Number(blank) || 0;
    try {
      const s = await create.mutateAsync({ quizId, stream: stream.trim() ? stream.trim() : null, versions: Number(versions), blankSheets });
      setCreated(s);
    } catch (err) {
      setError(errorText(err, "Could not create the sitting. Please try again."));
    }
  }

  return (
    <Stack maw={760}>
      <Anchor component={Link} to={`${base}/quizzes/${quizId}`} size="sm">
        ← Back to the quiz
      </Anchor>
      <PageHeader title="Print as paper" subtitle={quiz.data ? `${quiz.data.title} · ${lvl}` : quiz.isError ? errorText(quiz.error, "Quiz not found") : "…"} />
      <Text size="sm" c="dimmed">
        One PDF: the question paper and an answer sheet for each student, with their name and a QR code. After the test, photograph the sheets with your phone
        (Scan sheets) and every mark lands in records and the gradebook.
      </Text>

      {created ? (
        <Paper withBorder p="md" radius="md" aria-label="New sitting" component="section">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {created.class} is ready to print
            </Title>
            <Text size="sm" c="dimmed">
              {sittingFacts(created)}
            </Text>
            <PrintPanel sitting={created} autoFocus />
            <Button component={Link} to={`${base}/sittings/${created.id}`} variant="light">
              Open the sitting
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={() => setCreated(null)}>
              Make another sitting
            </Anchor>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder p="md" radius="md" component="form" onSubmit={(e) => void submit(e)} aria-label="New sitting">
          <Stack gap="md">
            <Title order={2} size="h4">
              New sitting
            </Title>
            {/* A letter, not a list: a teacher's list of students holds only those who took their quizzes (GET /users). */}
            <Stack gap={6}>
              <TextInput
                label="Class (stream letter)"
                description={`Leave empty for the whole of ${lvl || "the level"}, or the letter of one class (B for ${lvl || "JHS 2"}B). Every student of the class gets a sheet with their name.`}
                placeholder={`Whole ${lvl || "level"}`}
                leftSection={<Text size="sm">{lvl}</Text>}
                leftSectionWidth={lvl ? 56 : undefined}
                value={stream}
                onChange={(e) => setStream(e.currentTarget.value.replace(/[^A-Za-z0-9]/g, "").toUpperCase())}
                maxLength={2}
                size="md"
              />
              {known.length > 0 && (
                <Group gap={6} aria-label="Classes">
                  {[WHOLE, ...known].map((k) => (
                    <Chip key={k || "whole"} checked={stream === k} onChange={() => setStream(k)} size="sm">
                      {k ? `${lvl}${k}` : `Whole ${lvl}`}
                    </Chip>
                  ))}
                </Group>
              )}
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="versions-label">
                Versions
              </Text>
              <SegmentedControl
                aria-labelledby="versions-label"
                data={Array.from({ length: MAX_SITTING_VERSIONS }, (_, i) => String(i + 1))}
                value={versions}
                onChange={setVersions}
                size="md"
                fullWidth
              />
              <Text size="xs" c="dimmed">
                {versions === "1"
                  ? "One version: everyone gets the questions in the quiz's order."
                  : `${versions} versions: questions and options shuffled, so neighbours cannot copy. Each sheet's QR code says its version.`}
              </Text>
            </Stack>
            <NumberInput
              label="Blank sheets"
              description="For students not on the list: they write their name, and you choose them when you scan the sheet."
              min={0}
              max={MAX_BLANK_SHEETS}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={blank}
              onChange={setBlank}
              size="md"
            />
            <FormError error={error} />
            <Button type="submit" size="md" loading={create.isPending} disabled={!quiz.data}>
              Create
            </Button>
          </Stack>
        </Paper>
      )}

      <Title order={2} size="h4" mt="sm">
        Sittings of this quiz
      </Title>
      <ListBody
        query={list}
        rows={list.data?.data}
        loading={2}
        errorMessage="Failed to load the sittings"
        empty={{ title: "Not printed on paper yet.", message: "Create a sitting above to print the question paper and answer sheets." }}
        pager={{ total: list.data?.pagination.total ?? 0, page, pageSize: PAGE_SIZE, onChange: setPage, label: "Sittings pages" }}
      >
        {(rows) => (
          <CardList rows={rows} label="Sittings">
            {(s) => <SittingCard key={s.id} sitting={s} base={base} />}
          </CardList>
        )}
      </ListBody>
    </Stack>
  );
}
