import { useState } from "react";
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "@/test/render";
import type { DraftQuestion } from "../lib/answers";
import { ReviewList } from "./review-list";

let latest: DraftQuestion[] = [];
function Harness({ initial, warnings }: { initial: DraftQuestion[]; warnings?: string[] }) {
  const [list, setList] = useState(initial);
  latest = list;
  return <ReviewList questions={list} onChange={setList} warnings={warnings} />;
}

const parsed = (): DraftQuestion[] => [
  { text: "What is 7 + 5?", options: ["10", "12", "14"], answer: "12" },
  { text: "Capital of Ghana", options: ["Accra", "Kumasi"], answer: "", warnings: ["Question 2: no answer marked"] },
  { text: "Broken question", options: ["Only one"], answer: "" },
];

/** Types `text` into question `n`'s answer box and leaves it, as a teacher does. */
async function typeAnswer(n: number, text: string) {
  const answer = await screen.findByLabelText(`Question ${n} answer`);
  await userEvent.clear(answer);
  await userEvent.type(answer, text);
  await userEvent.tab();
}

describe("ReviewList", () => {
  it("counts the answered questions and shows each warning on its question", async () => {
    renderWithProviders(<Harness initial={parsed()} warnings={["Page header ignored"]} />);
    expect(await screen.findByText("Answered 1 of 3")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Question 2" })).getByText("Question 2: no answer marked")).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Question 1" })).queryByText(/no answer marked/)).toBeNull();
    expect(screen.getByText("Page header ignored")).toBeInTheDocument();
  });

  it("takes an answer as a letter and keeps it on its option when the option is corrected", async () => {
    renderWithProviders(<Harness initial={parsed()} />);
    await typeAnswer(2, "a");
    expect(latest[1].answer).toBe("Accra");
    expect(screen.getByText("Answered 2 of 3")).toBeInTheDocument();

    const option = screen.getByLabelText("Question 2 option A");
    await userEvent.type(option, " City");
    expect(latest[1].options[0]).toBe("Accra City");
    expect(latest[1].answer).toBe("Accra City");
  }, 20_000);

  it("refuses an answer that is not one of the options and removes a question", async () => {
    renderWithProviders(<Harness initial={parsed()} />);
    await typeAnswer(1, "F");
    expect(latest[0].answer).toBe("");
    expect(screen.getByText("Answered 0 of 3")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Remove question 3" }));
    expect(latest.map((q) => q.text)).toEqual(["What is 7 + 5?", "Capital of Ghana"]);
    expect(screen.getByText("Answered 0 of 2")).toBeInTheDocument();
  }, 20_000);
});
