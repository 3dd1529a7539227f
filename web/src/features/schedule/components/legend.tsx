import { Box, Group, Text } from "@mantine/core";
import type { Swatch } from "./colours";

export function Legend({ items }: { items: Swatch[] }) {
  return (
    <Group gap="sm" wrap="wrap" component="ul" aria-label="Legend" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {items.map((s) => (
        <Group key={s.label} gap={6} component="li" wrap="nowrap">
          <Box w={14} h={14} style={{ background: s.background, borderRadius: 3, border: "1px solid #868e96", flex: "none" }} aria-hidden />
          <Text size="sm">{s.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
