import { ActionIcon, Button, Group, Input, NumberInput, Stack, Switch, TextInput } from "@mantine/core";
import type { TypeFieldsProps } from "./field-props";

/** Accepted answers, each with its share of the marks, and whether an answer may merely contain one. */
export function ShortFields({ n, q, set, err, disabled }: TypeFieldsProps) {
  const accepted = q.accepted ?? [];
  const put = (k: number, patch: Partial<(typeof accepted)[number]>) => set({ accepted: accepted.map((a, j) => (j === k ? { ...a, ...patch } : a)) });
  return (
    <Stack gap={6}>
      <Input.Wrapper
        label="Accepted answers"
        description="Case, spaces and accents are ignored; * stands for any text. Each earns its share of the marks."
        error={err("accepted")}
      >
        <Stack gap={6} mt={6}>
          {accepted.map((a, k) => (
            <Group key={k} gap={6} wrap="nowrap" align="flex-end">
              <TextInput
                label={`Answer ${k + 1}`}
                value={a.text}
                disabled={disabled}
                error={!!err(`accepted.${k}.text`)}
                onChange={(e) => put(k, { text: e.currentTarget.value })}
                style={{ flex: 1, minWidth: 0 }}
              />
              <NumberInput
                label="Share %"
                aria-label={`Answer ${k + 1} share (percent of the marks)`}
                min={0}
                max={100}
                step={10}
                allowDecimal={false}
                allowNegative={false}
                value={a.fraction}
                disabled={disabled}
                error={!!err(`accepted.${k}.fraction`)}
                onChange={(v) => put(k, { fraction: v })}
                w={84}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                mb={4}
                disabled={disabled || accepted.length <= 1}
                onClick={() => set({ accepted: accepted.filter((_, j) => j !== k) })}
                aria-label={`Remove answer ${k + 1} of question ${n}`}
              >
                ✕
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </Input.Wrapper>
      <Group>
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={disabled || accepted.length >= 20}
          onClick={() => set({ accepted: [...accepted, { text: "", fraction: 100 }] })}
          aria-label={`Add accepted answer to question ${n}`}
        >
          Add accepted answer
        </Button>
      </Group>
      <Switch
        label="Accept answers that contain it"
        checked={q.contains ?? false}
        disabled={disabled}
        onChange={(e) => set({ contains: e.currentTarget.checked })}
      />
    </Stack>
  );
}
