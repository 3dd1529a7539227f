import { beforeEach, describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, renderWithProviders, signIn } from "@/test/render";
import { ImportDialog } from "./exchange-dialogs";

/** After a GIFT, Aiken or Moodle XML import the dialog names what was left out (issue 27). */

const teacher = { id: 3, name: "Ama Owusu", email: "ama@example.com", role: "teacher", studentType: null, hasPassword: true, createdAt: "", updatedAt: "" };
const MATCHING = "Q2 'Match the tools' is a matching question: not imported";

beforeEach(() => signIn());

async function importGift() {
  renderWithProviders(<ImportDialog opened onClose={() => {}} />);
  await screen.findByRole("button", { name: "Import" });
  await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(["Q {T}"], "bank.gift.txt", { type: "text/plain" }));
  await userEvent.type(screen.getByLabelText(/^Year/), "2021");
  await userEvent.type(screen.getByLabelText(/^Subject/), "Science");
  await userEvent.click(screen.getByRole("button", { name: "Import" }));
}

describe("import dialog", () => {
  it("names the unsupported questions and the warnings after an import", async () => {
    mockApi({
      "GET /api/auth/me": [200, teacher],
      "POST /api/questions/import": [
        201,
        {
          count: 6,
          message: "Imported 6 questions",
          skippedDuplicates: 0,
          warnings: [{ question: 1, message: "Q1 'Greeting': the sound file bonjour.mp3 is not imported" }],
          unsupported: [{ number: 2, title: "Match the tools", kind: "matching", message: MATCHING }],
        },
      ],
    });
    await importGift();
    const status = await screen.findByRole("status");
    expect(status).toHaveTextContent("Imported 6 questions.");
    expect(status).toHaveTextContent(MATCHING);
    expect(status).toHaveTextContent("Q1 'Greeting': the sound file bonjour.mp3 is not imported");
  });

  it("lists every question by name when the server answers 422", async () => {
    mockApi({
      "GET /api/auth/me": [200, teacher],
      "POST /api/questions/import": [
        422,
        {
          error: `No question in this file can be imported: ${MATCHING}`,
          unsupported: [{ number: 2, title: "Match the tools", kind: "matching", message: MATCHING }],
          warnings: [{ message: "Q3 'Open': its answer block { … } is not closed: not imported" }],
        },
      ],
    });
    await importGift();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("No question in this file can be imported:");
    expect(alert).toHaveTextContent(MATCHING);
    expect(alert).toHaveTextContent("Q3 'Open': its answer block { … } is not closed: not imported");
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
  });
});
