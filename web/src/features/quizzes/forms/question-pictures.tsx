import { Button, Group, Stack, Text } from "@mantine/core";
import { ProtectedImage } from "@/components/protected-image";
import type { DraftImage } from "./quiz-form-model";

type Props = {
  /** The question's number (1-based), for labels. */
  n: number;
  images: DraftImage[];
  disabled?: boolean;
  onChange: (next: DraftImage[]) => void;
};

/**
 * A question's pictures in the quiz editor (issue 11): each shown small, in a box of fixed size so the
 * form does not jump while they load, with Remove. Removing takes effect when the quiz is saved.
 */
export function QuestionPictures({ n, images, disabled, onChange }: Props) {
  if (images.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Pictures ({images.length})
      </Text>
      <Group gap="xs" align="flex-start">
        {images.map((img, k) => (
          <Stack key={img.fileId} gap={4} w={140}>
            <div
              style={{
                width: 140,
                height: 105,
                display: "flex",
                alignItems: "center",
                justifyContent: "center",
                border: "1px solid var(--mantine-color-default-border)",
                borderRadius: 4,
                overflow: "hidden",
              }}
            >
              {img.path ? (
                <ProtectedImage path={img.path} alt={`Figure ${k + 1} for question ${n}`} failedText={`Figure ${k + 1} could not be loaded.`} fit />
              ) : (
                <Text size="xs" c="dimmed" ta="center" p={4}>
                  Figure {k + 1}: shown after saving
                </Text>
              )}
            </div>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              disabled={disabled}
              aria-label={`Remove figure ${k + 1} of question ${n}`}
              onClick={() => onChange(images.filter((_, j) => j !== k))}
            >
              Remove figure {k + 1}
            </Button>
          </Stack>
        ))}
      </Group>
    </Stack>
  );
}
