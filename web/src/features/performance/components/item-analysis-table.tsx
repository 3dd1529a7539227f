import { useState } from "react";
import { Badge, Button, em, Group, Modal, Paper, Radio, Stack, Table, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { ITEM_FLAG_LABEL, type ItemFlag } from "@adesua/domain/rules";
import type { ItemAnalysis } from "@adesua/domain";
import { MarksDistribution } from "./marks-distribution";
import { QUESTION_TYPE_BADGES } from "@adesua/domain/rules";
import { isWritten, itemView } from "./item-view";

const FLAG_COLOR: Record<ItemFlag, string> = { wrong_key: "red", non_discriminating: "orange", too_hard: "grape", too_easy: "blue" };

const pct = (v: number | null) => (v === null ? "—" : `${Math.round(v * 100)}%`);

/** A badge whose label never shrinks below its text inside a table's cell (issue 24). */
const WHOLE_LABEL = { label: { overflow: "visible" } } as const;

/** The question's flags, and "No key" when it has none. */
function Flags({ it }: { it: ItemAnalysis }) {
  return (
    <Group gap={4}>
      {it.key === null && !isWritten(it) && (
        <Badge color="gray" variant="light" styles={WHOLE_LABEL}>
          No key
        </Badge>
      )}
      {it.flags.map((f) => (
        <Badge key={f} color={FLAG_COLOR[f]} variant="light" styles={WHOLE_LABEL}>
          {ITEM_FLAG_LABEL[f]}
        </Badge>
      ))}
    </Group>
  );
}

/** Each option with how many chose it (the top group in brackets), the key marked. */
function Options({ it }: { it: ItemAnalysis }) {
  const v = itemView(it);
  if (v.distribution)
    return (
      <Stack gap={4}>
        <Text size="xs">
          {it.meanMarks === null ? "None marked yet" : `Mean ${Math.round(it.meanMarks * 100) / 100} of ${v.marks} marks`} · {it.marked} marked
        </Text>
        <MarksDistribution buckets={v.distribution} question={it.number} />
      </Stack>
    );
  return (
    <Stack gap={2}>
      {it.options.map((o) => (
        <Text key={o.index} size="xs" fw={o.isKey ? 700 : 400}>
          {o.letter}. {o.text}: {o.count} ({o.upper}){o.isKey ? " — key" : ""}
        </Text>
      ))}
      {!it.options.length && it.key !== null && (
        <Text size="xs" style={{ overflowWrap: "anywhere" }}>
          Key: {it.key}
        </Text>
      )}
      {(it.blank > 0 || it.other > 0) && (
        <Text size="xs" c="dimmed">
          Blank {it.blank}
          {it.other > 0 ? ` · other ${it.other}` : ""}
        </Text>
      )}
    </Stack>
  );
}

const NO_DISCRIMINATION = "Discrimination is not worked out for written answers: the teacher's marks are shown as a distribution instead.";

/** The discrimination index, or "—" with the reason for a written question (a tooltip, reachable by the keyboard). */
function Discrimination({ it }: { it: ItemAnalysis }) {
  if (isWritten(it))
    return (
      <Tooltip label={NO_DISCRIMINATION} multiline w={240} events={{ hover: true, focus: true, touch: true }}>
        <UnstyledButton aria-label={`— ${NO_DISCRIMINATION}`} fz="sm" style={{ textDecoration: "underline dotted" }}>
          —
        </UnstyledButton>
      </Tooltip>
    );
  return <>{it.discrimination === null ? "—" : it.discrimination.toFixed(2)}</>;
}

/** The question's type and marks. */
function TypeBadge({ it }: { it: ItemAnalysis }) {
  const v = itemView(it);
  return (
    <Group gap={4} wrap="wrap">
      <Badge size="sm" variant="light" color="indigo" styles={WHOLE_LABEL}>
        {QUESTION_TYPE_BADGES[v.type]}
      </Badge>
      {v.marks !== 1 && (
        <Text span size="xs" c="dimmed">
          {v.marks} marks
        </Text>
      )}
    </Group>
  );
}

/** Fix key re-keys a question by its options: single answer and true/false only. */
const canFixKey = (it: ItemAnalysis) => {
  const t = itemView(it).type;
  return (t === "single" || t === "true_false") && it.options.length > 0;
};

/**
 * The item analysis table: per question its facility, discrimination (upper − lower 27%), the options
 * with how many chose each (upper group in brackets), the flags, and Fix key for a likely wrong key
 * (any keyed question may be re-keyed; the server re-grades every submission).
 */
export function ItemAnalysisTable({
  items,
  groupSize,
  fixing,
  onFixKey,
}: {
  items: ItemAnalysis[];
  groupSize: number;
  fixing: boolean;
  onFixKey: (item: ItemAnalysis, answer: string) => Promise<boolean>;
}) {
  const [target, setTarget] = useState<ItemAnalysis | null>(null);
  const [choice, setChoice] = useState<string>("");
  const phone = useMediaQuery(`(max-width: ${em(600)})`, false, { getInitialValueInEffect: false });
  const fixButton = (it: ItemAnalysis) =>
    canFixKey(it) && (
      <Button
        size="xs"
        variant={it.flags.includes("wrong_key") ? "filled" : "default"}
        color={it.flags.includes("wrong_key") ? "red" : undefined}
        onClick={() => {
          setTarget(it);
          setChoice(it.options.find((o) => o.isKey)?.text ?? "");
        }}
        aria-label={`Fix key of question ${it.number}`}
        style={{ flex: "none" }}
      >
        Fix key
      </Button>
    );
  const caption = `Facility: share of the marks earned (for one-mark questions, the share answering right). Discrimination (auto-marked questions): right in the top ${groupSize} students minus right in the bottom ${groupSize}, divided by ${groupSize}. Option counts show all students, with the top group in brackets; written answers show how many got each number of marks.`;

  return (
    <>
      {phone ? (
        // On a phone each question is a card: its number, flags and Fix key first, then the question (issue 24).
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            {caption}
          </Text>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label="Item analysis">
            {items.map((it) => (
              <Paper
                component="li"
                key={it.questionId}
                withBorder
                p="sm"
                radius="md"
                data-testid="item-row"
                data-flags={it.flags.join(" ")}
                data-type={itemView(it).type}
                aria-label={`Question ${it.number}`}
              >
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Group gap={6} align="center" style={{ minWidth: 0 }}>
                      <Text fw={700}>Q{it.number}</Text>
                      <TypeBadge it={it} />
                      <Flags it={it} />
                    </Group>
                    {fixButton(it)}
                  </Group>
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    {it.text}
                  </Text>
                  <Text size="xs" component="div">
                    Facility {pct(it.facility)} · Discrimination <Discrimination it={it} />
                  </Text>
                  <Options it={it} />
                </Stack>
              </Paper>
            ))}
          </Stack>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" striped>
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Question</Table.Th>
                <Table.Th>Facility</Table.Th>
                <Table.Th>Discrimination</Table.Th>
                <Table.Th>Answers</Table.Th>
                <Table.Th>Flags</Table.Th>
                <Table.Th>Key</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((it) => (
                <Table.Tr key={it.questionId} data-testid="item-row" data-flags={it.flags.join(" ")} data-type={itemView(it).type}>
                  <Table.Td>{it.number}</Table.Td>
                  <Table.Td maw={260}>
                    <Stack gap={4}>
                      <TypeBadge it={it} />
                      <Text size="sm" lineClamp={3}>
                        {it.text}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>{pct(it.facility)}</Table.Td>
                  <Table.Td>
                    <Discrimination it={it} />
                  </Table.Td>
                  <Table.Td>
                    <Options it={it} />
                  </Table.Td>
                  <Table.Td>
                    <Flags it={it} />
                  </Table.Td>
                  <Table.Td>{fixButton(it)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={!!target} onClose={() => setTarget(null)} title={target ? `Key of question ${target.number}` : ""} centered>
        {target && (
          <Stack>
            <Text size="sm">{target.text}</Text>
            <Radio.Group label="The right answer" value={choice} onChange={setChoice}>
              <Stack gap={6} mt={6}>
                {target.options.map((o) => (
                  <Radio key={o.index} value={o.text} label={`${o.letter}. ${o.text} (${o.count} chose it, ${o.upper} of the top group)`} />
                ))}
              </Stack>
            </Radio.Group>
            <Text size="sm" c="dimmed">
              Saving re-grades every submission of this quiz with the new key, and updates the students&apos; records.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setTarget(null)}>
                Cancel
              </Button>
              <Button
                loading={fixing}
                disabled={!choice || choice === target.key}
                onClick={() => void onFixKey(target, choice).then((ok) => ok && setTarget(null))}
              >
                Save key and re-grade
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
