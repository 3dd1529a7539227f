import { useNavigate } from "react-router";
import { Button, Stack, Text, Title } from "@mantine/core";
import { errorText } from "@/lib/api";

/** The spec's "Error Loading Performance Details" with Go Back, shared by the quiz details and student pages. */
export function PerformanceLoadError({ error }: { error: unknown }) {
  const navigate = useNavigate();
  return (
    <Stack align="flex-start">
      <Title order={1} size="h2">
        Error Loading Performance Details
      </Title>
      <Text role="alert">{errorText(error, "Failed to load data. Please try again.")}</Text>
      <Button onClick={() => navigate(-1)}>Go Back</Button>
    </Stack>
  );
}
