import { Link } from "react-router";
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import type { Scan } from "@adesua/domain";
import { scanBadge } from "./settle-model";

/** Sheets as cards: whose, which file, and the state's badge; the whole card opens the sheet. */
export function ScanCards({ scans, base, sittingId, label = "Sheets" }: { scans: Scan[]; base: string; sittingId: number; label?: string }) {
  return (
    <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={label}>
      {scans.map((s) => {
        const b = scanBadge(s);
        const who = s.student
          ? s.student.name
          : s.status === "refused"
            ? "Unreadable sheet"
            : s.status === "review"
              ? "Blank sheet: choose the student"
              : "New sheet";
        return (
          <Paper key={s.id} component="li" withBorder radius="md" data-testid="scan-row">
            <UnstyledButton component={Link} to={`${base}/sittings/${sittingId}/scans/${s.id}`} p="sm" style={{ display: "block", width: "100%" }}>
              <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0, flex: "1 1 180px" }}>
                  <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                    {who}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {[s.student?.class, s.version ? `version ${s.version}` : null, s.page > 1 ? `${s.fileName}, page ${s.page}` : s.fileName]
                      .filter(Boolean)
                      .join(" · ")}
                  </Text>
                </Stack>
                <Badge
                  color={b.color}
                  variant="light"
                  tt="none"
                  style={{ maxWidth: "100%", height: "auto", paddingBlock: 2 }}
                  styles={{ label: { whiteSpace: "normal", overflow: "visible", textOverflow: "clip" } }}
                >
                  {b.label}
                </Badge>
              </Group>
            </UnstyledButton>
          </Paper>
        );
      })}
    </Stack>
  );
}
