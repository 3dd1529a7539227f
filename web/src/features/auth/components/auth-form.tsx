import type { ReactNode } from "react";
import { Center, Paper, Stack, Text, Title } from "@mantine/core";

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="lg" w="100%" maw={420}>
        <Stack gap="md">
          <div>
            <Text fw={800} c="green.8" size="xl">
              Adesua
            </Text>
            <Title order={1} size="h3" mt={4}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
