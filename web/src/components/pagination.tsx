// Loaded lazily by pagination-footer.tsx.
export { Pagination } from "@mantine/core";
