import { useState } from "react";
import { Badge, Button, Group, Modal, Radio, Stack, Table, Text } from "@mantine/core";
import { ITEM_FLAG_LABEL, type ItemFlag } from "@adesua/domain/rules";
import type { ItemAnalysis } from "@adesua/domain";

const FLAG_COLOR: Record<ItemFlag, string> = { wrong_key: "red", non_discriminating: "orange", too_hard: "grape", too_easy: "blue" };

const pct = (v: number | null) => (v === null ? "—" : `${Math.round(v * 100)}%`);

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

  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" striped>
          <Table.Caption>
            Facility: share answering right. Discrimination: right in the top {groupSize} students minus right in the bottom {groupSize}, divided by {groupSize}
            . Option counts show all students, with the top group in brackets.
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Question</Table.Th>
              <Table.Th>Facility</Table.Th>
              <Table.Th>Discrimination</Table.Th>
              <Table.Th>Options chosen</Table.Th>
              <Table.Th>Flags</Table.Th>
              <Table.Th>Key</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((it) => (
              <Table.Tr key={it.questionId} data-testid="item-row" data-flags={it.flags.join(" ")}>
                <Table.Td>{it.number}</Table.Td>
                <Table.Td maw={260}>
                  <Text size="sm" lineClamp={3}>
                    {it.text}
                  </Text>
                </Table.Td>
                <Table.Td>{pct(it.facility)}</Table.Td>
                <Table.Td>{it.discrimination === null ? "—" : it.discrimination.toFixed(2)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {it.options.map((o) => (
                      <Text key={o.index} size="xs" fw={o.isKey ? 700 : 400}>
                        {o.letter}. {o.text}: {o.count} ({o.upper}){o.isKey ? " — key" : ""}
                      </Text>
                    ))}
                    {(it.blank > 0 || it.other > 0) && (
                      <Text size="xs" c="dimmed">
                        Blank {it.blank}
                        {it.other > 0 ? ` · other ${it.other}` : ""}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {it.key === null && (
                      <Badge color="gray" variant="light">
                        No key
                      </Badge>
                    )}
                    {it.flags.map((f) => (
                      <Badge key={f} color={FLAG_COLOR[f]} variant="light">
                        {ITEM_FLAG_LABEL[f]}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant={it.flags.includes("wrong_key") ? "filled" : "default"}
                    color={it.flags.includes("wrong_key") ? "red" : undefined}
                    onClick={() => {
                      setTarget(it);
                      setChoice(it.options.find((o) => o.isKey)?.text ?? "");
                    }}
                    aria-label={`Fix the key of question ${it.number}`}
                  >
                    Fix key
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
