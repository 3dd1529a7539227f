// Loaded lazily by lazy-modal.tsx.
export { Modal } from "@mantine/core";
