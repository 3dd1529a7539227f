import { Group, NumberInput, TextInput } from "@mantine/core";
import type { TypeFieldsProps } from "./field-props";

/** The right value, the tolerance around it and the unit. */
export function NumericalFields({ q, set, err, disabled }: TypeFieldsProps) {
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      <NumberInput
        label="Right value"
        value={q.value ?? ""}
        decimalScale={6}
        disabled={disabled}
        onChange={(v) => set({ value: v })}
        error={err("value")}
        style={{ flex: "1 1 120px" }}
      />
      <NumberInput
        label="Tolerance (±)"
        min={0}
        allowNegative={false}
        decimalScale={6}
        value={q.tolerance ?? 0}
        disabled={disabled}
        onChange={(v) => set({ tolerance: v })}
        error={err("tolerance")}
        style={{ flex: "1 1 100px" }}
      />
      <TextInput
        label="Unit (optional)"
        placeholder="cm"
        value={q.unit ?? ""}
        disabled={disabled}
        onChange={(e) => set({ unit: e.currentTarget.value })}
        error={err("unit")}
        style={{ flex: "1 1 90px" }}
      />
    </Group>
  );
}
