import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Table, TableCellsResult, TableCellsUpdate, TableDataResponse, TableFormInput, TableListResponse } from "@adesua/domain";
import { api } from "@/lib/api";
import { downloadFile } from "@/lib/download";
import { saveById, useDeleteById, useInvalidatingMutation } from "@/lib/mutations";

export const tableKeys = {
  all: ["tables"] as const,
  list: (page: number, limit: number, search: string) => ["tables", "list", page, limit, search] as const,
  data: (id: number) => ["tables", "data", id] as const,
  dataPage: (id: number, page: number, limit: number, search: string) => ["tables", "data", id, page, limit, search] as const,
};

export const getTablesQueryOptions = (page: number, limit: number, search = "") =>
  queryOptions({
    queryKey: tableKeys.list(page, limit, search),
    queryFn: ({ signal }) => api<TableListResponse>("/tables", { query: { page, limit, search }, signal }),
    placeholderData: keepPreviousData,
  });
export const useTables = (page: number, limit: number, search = "") => useQuery(getTablesQueryOptions(page, limit, search));

export const useTableData = (id: number | null, page: number, limit: number, search: string) =>
  useQuery({
    queryKey: tableKeys.dataPage(id ?? 0, page, limit, search),
    queryFn: ({ signal }) => api<TableDataResponse>(`/tables/${id}/data`, { query: { page, limit, search }, signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

export const useSaveTable = () =>
  useInvalidatingMutation(tableKeys.all, ({ id, values }: { id?: number; values: TableFormInput }) => saveById<Table>("/tables", id, { body: values }));

export const useDeleteTable = () => useDeleteById("/tables", tableKeys.all);

/** Saves marks; the answer's rows replace the students' rows in every cached page of the table. */
export function useSaveCells(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (cells: TableCellsUpdate["cells"]) => api<TableCellsResult>(`/tables/${id}/cells`, { method: "PUT", body: { cells } }),
    onSuccess: (result) => {
      const byId = new Map(result.rows.map((r) => [r.studentId, r]));
      qc.setQueriesData<TableDataResponse>({ queryKey: tableKeys.data(id) }, (old) =>
        old ? { ...old, rows: old.rows.map((r) => byId.get(r.studentId) ?? r) } : old,
      );
    },
  });
}

export const exportTable = (table: Pick<Table, "id" | "name">, format: "csv" | "excel") =>
  downloadFile(`/tables/${table.id}/export?format=${format}`, `${table.name}.${format === "excel" ? "xlsx" : "csv"}`);
