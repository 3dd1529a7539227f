import { Badge, Box, Stack, Text } from "@mantine/core";
import type { ParsedQuestion } from "@adesua/domain";
import { ProtectedImage } from "@/components/protected-image";

/** Where the author of an upload fetches a picture stored while reading it (a scan's crop): `{path}/link` signs it. */
export const parsedPicturePath = (fileId: number) => `/files/parsed/${fileId}`;

/**
 * A question read by OCR from a scanned page or a photo: an orange "check it" badge and, beside it, the part of the
 * page the question came from, so the author can compare the text read with the paper. Nothing for a typed paper.
 */
export function ScanNote({ scan }: { scan: ParsedQuestion["scan"] }) {
  if (!scan) return null;
  return (
    <Stack gap={4}>
      <Badge color="orange" variant="light" style={{ alignSelf: "flex-start" }}>
        Read from a scan: check it
      </Badge>
      {scan.cropId !== null ? (
        <Box maw={560} style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 4, overflow: "hidden" }}>
          <ProtectedImage
            path={parsedPicturePath(scan.cropId)}
            alt={`Page ${scan.page} of the scan`}
            failedText={`The picture of page ${scan.page} could not be loaded.`}
          />
        </Box>
      ) : (
        <Text size="xs" c="dimmed">
          From page {scan.page} of the scan.
        </Text>
      )}
    </Stack>
  );
}
