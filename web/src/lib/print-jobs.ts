import { useQuery } from "@tanstack/react-query";
import type { PrintJob } from "@adesua/domain";
import { api } from "@/lib/api";
import { downloadFile } from "@/lib/download";

/*
 * Print jobs (POST /print-jobs; each feature starts its own kind): following one while it is drawn, and downloading
 * its PDF. One copy for every screen that prints (mock broadsheets and slips, report cards, …).
 */

/** A print job while it is drawn: asked again every second until done or failed. */
export const usePrintJob = (jobId: string | null) =>
  useQuery({
    queryKey: ["print-jobs", jobId],
    queryFn: ({ signal }) => api<PrintJob>(`/print-jobs/${jobId}`, { signal }),
    enabled: !!jobId,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === "done" || q.state.data.status === "failed") ? false : 1000),
  });

/** Downloads a finished job's PDF as `name` (its signed `url`, else its file; downloadFile takes paths without "/api"). */
export const downloadPrintJob = (job: Pick<PrintJob, "id" | "url">, name: string) =>
  downloadFile((job.url ?? `/api/print-jobs/${job.id}/file`).replace(/^\/api(?=\/)/, ""), name);
