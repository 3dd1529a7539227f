import { ProtectedImage } from "@/components/protected-image";
import { figureSrc } from "../lib/figures";
import classes from "./quiz-runner.module.css";

/**
 * One picture of a question on the attempt screen: in a frame whose size is set before the picture
 * arrives (the full width, 4:3, the picture kept whole inside), so nothing moves when it loads, also
 * on a 360 px phone. From the copy kept on the device when there is one (an offline reload), else by
 * signed link.
 */
export default function QuestionFigure({ path, n, question }: { path: string; n: number; question: number }) {
  return (
    <div className={classes.figure}>
      <ProtectedImage path={path} alt={`Figure ${n} for question ${question}`} failedText={`Figure ${n} could not be loaded.`} fit resolve={figureSrc} />
    </div>
  );
}
