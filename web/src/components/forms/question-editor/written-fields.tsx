import { ActionIcon, Button, Group, Input, NumberInput, Paper, Stack, TextInput, Textarea } from "@mantine/core";
import { MARKS_LIMITS } from "@adesua/domain/rules";
import type { TypeFieldsProps } from "./field-props";

/** The marking scheme and the optional parts (a), (b)… with their marks and schemes. */
export function WrittenFields({ n, q, set, err, disabled }: TypeFieldsProps) {
  const parts = q.parts ?? [];
  const put = (k: number, patch: Partial<(typeof parts)[number]>) => set({ parts: parts.map((p, j) => (j === k ? { ...p, ...patch } : p)) });
  const nextLabel = "abcdefghij"[parts.length] ?? String(parts.length + 1);
  return (
    <Stack gap={6}>
      <Textarea
        label="Marking scheme"
        description="What the marker looks for: shown beside each student's answer when marking"
        autosize
        minRows={2}
        maxRows={8}
        value={q.scheme ?? ""}
        disabled={disabled}
        error={err("scheme")}
        onChange={(e) => set({ scheme: e.currentTarget.value })}
      />
      <Input.Wrapper
        label={`Parts (${parts.length})`}
        description={parts.length ? "The question's marks are the sum of its parts" : "Optional: a structured question answered in parts (a), (b)…"}
        error={err("parts")}
      >
        <Stack gap={6} mt={parts.length ? 6 : 0}>
          {parts.map((p, k) => (
            <Paper key={k} withBorder p="xs" component="fieldset" aria-label={`Part ${k + 1}`} style={{ margin: 0, minWidth: 0 }}>
              <Stack gap={6}>
                <Group gap={6} wrap="nowrap" align="flex-end">
                  <TextInput
                    label={`Part ${k + 1} label`}
                    value={p.label}
                    disabled={disabled}
                    error={!!err(`parts.${k}.label`)}
                    onChange={(e) => put(k, { label: e.currentTarget.value })}
                    style={{ flex: 1, minWidth: 0 }}
                  />
                  <NumberInput
                    label={`Part ${k + 1} marks`}
                    min={MARKS_LIMITS.min}
                    max={MARKS_LIMITS.max}
                    decimalScale={2}
                    allowNegative={false}
                    value={p.marks}
                    disabled={disabled}
                    error={!!err(`parts.${k}.marks`)}
                    onChange={(v) => put(k, { marks: v })}
                    w={110}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mb={4}
                    disabled={disabled}
                    onClick={() => set({ parts: parts.filter((_, j) => j !== k) })}
                    aria-label={`Remove part ${k + 1} of question ${n}`}
                  >
                    ✕
                  </ActionIcon>
                </Group>
                <Textarea
                  label={`Part ${k + 1} marking scheme`}
                  autosize
                  minRows={1}
                  maxRows={6}
                  value={p.scheme}
                  disabled={disabled}
                  error={err(`parts.${k}.scheme`)}
                  onChange={(e) => put(k, { scheme: e.currentTarget.value })}
                />
              </Stack>
            </Paper>
          ))}
        </Stack>
      </Input.Wrapper>
      <Group>
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={disabled || parts.length >= 10}
          onClick={() => set({ parts: [...parts, { label: nextLabel, marks: 1, scheme: "" }] })}
          aria-label={`Add part to question ${n}`}
        >
          Add part
        </Button>
      </Group>
    </Stack>
  );
}
