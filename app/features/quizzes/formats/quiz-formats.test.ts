import { describe, expect, it } from "vitest";
import { questionsByQuiz } from "#app/content/seeds/quiz-questions/index.server.ts";
import { readGift, writeGift } from "./gift.ts";
import { readQuizCsv } from "./quiz-csv.ts";

describe("GIFT", () => {
  it("reads multiple-choice and true/false questions, with titles, comments, feedback, escapes and categories", () => {
    const reading = readGift(
      [
        "// A comment",
        "$CATEGORY: Java",
        "",
        "::q1:: Which keyword makes a constant in Java? {",
        "  =final # right!",
        "  ~const",
        "  ~static",
        "}",
        "",
        "What does 2 \\= 2 print in JavaScript? {~true ~false =an error \\{SyntaxError\\}}",
        "",
        "Java is compiled to bytecode. {T}",
      ].join("\n"),
    );
    expect(reading).toEqual({
      ok: true,
      questions: [
        {
          question: "Which keyword makes a constant in Java?",
          options: ["final", "const", "static"],
          answer: "final",
          explanation: "right!",
        },
        {
          question: "What does 2 = 2 print in JavaScript?",
          options: ["true", "false", "an error {SyntaxError}"],
          answer: "an error {SyntaxError}",
        },
        { question: "Java is compiled to bytecode.", options: ["True", "False"], answer: "True" },
      ],
    });
  });

  it("takes a question's explanation from its general feedback, else from the right answer's feedback, as Moodle writes them", () => {
    const reading = readGift(
      [
        "Which is a fruit? {=apple#Apples grow on trees. ~carrot#A root. ~potato}",
        "",
        "Which is a colour? {=red#Right. ~table ####[html]Red is one of the \\#1 colours\\: a <b>primary</b> one.}",
        "",
        "The sun is a star. {TRUE#No: it is a star.#Yes: a G-type star.}",
        "",
        "The moon is a planet. {F#It is not: it orbits the Earth.}",
        "",
        "Two plus two is four. {T}",
      ].join("\n"),
    );
    expect(reading.ok && reading.questions.map((question) => question.explanation)).toEqual([
      "Apples grow on trees.",
      "Red is one of the #1 colours: a <b>primary</b> one.",
      "Yes: a G-type star.",
      "It is not: it orbits the Earth.",
      undefined,
    ]);
  });

  it("names every question it cannot take, by line, and keeps none of the file", () => {
    const reading = readGift(
      [
        "Fine question here? {=yes ~no}",
        "",
        "Short answer? {=Paris =paris}",
        "",
        "Two right? {=a =b ~c}",
        "",
        "Weighted? {~%50%half =full ~none}",
        "",
        "Numeric? {#3.14}",
        "",
        "Same twice? {=a ~A}",
        "",
        "No answers at all",
      ].join("\n"),
    );
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.problems).toEqual([
      "Line 3: a short-answer question (only = answers) cannot be imported: give the wrong options with ~.",
      "Line 5: exactly one answer must start with = (this question has 2).",
      "Line 7: answers with weights (%50%) cannot be imported: exactly one answer is right here.",
      "Line 9: a numeric question cannot be imported: quizzes here are multiple-choice.",
      'Line 11: The option "A" appears twice: options must all differ.',
      "Line 13: this question has no answers in { }.",
    ]);
  });

  it("writes a quiz that reads back as the same questions, code listings, explanations and special characters included", () => {
    const questions = [...questionsByQuiz.react!, ...questionsByQuiz.java!];
    const reading = readGift(writeGift("React and Java", questions));
    expect(reading.ok).toBe(true);
    expect(reading.ok && reading.questions).toEqual(questions.map(({ id: _id, ...question }) => ({ ...question, code: question.code })));
  });
});

describe("quiz CSV", () => {
  it("reads the named columns in any order, the answer as text or number, quoted cells over several lines, an explanation", () => {
    const reading = readQuizCsv(
      'answer,question,option1,option2,option3,option4,option5,option6,explanation\n2,"Which is\na fruit?",Carrot,Apple,,,,,"Apples grow on trees, carrots in the ground."\nPython,Which is a language?,Cobra,Python,Viper,,,,\n',
    );
    expect(reading).toEqual({
      ok: true,
      questions: [
        {
          question: "Which is\na fruit?",
          options: ["Carrot", "Apple"],
          answer: "Apple",
          explanation: "Apples grow on trees, carrots in the ground.",
        },
        { question: "Which is a language?", options: ["Cobra", "Python", "Viper"], answer: "Python" },
      ],
    });
  });

  it("reports each bad row with the line it starts on, and stores nothing from the file", () => {
    const reading = readQuizCsv(
      'question,option1,option2,answer\nGood question?,yes,no,yes\n"Spans\ntwo lines?",a,a,a\nOne option only?,alone,,alone\nAnswer not an option?,x,y,z\n',
    );
    expect(!reading.ok && reading.problems).toEqual([
      'Line 3: The option "a" appears twice: options must all differ. Exactly one option must be the right answer.',
      "Line 5: A question has 2 to 6 options; this one has 1.",
      "Line 6: Exactly one option must be the right answer.",
    ]);
  });

  it("refuses a file without the header row, or that is not CSV", () => {
    expect(readQuizCsv("What?,a,b,a\n")).toMatchObject({
      ok: false,
      problems: [expect.stringContaining("Line 1: the first row must name the columns")],
    });
    expect(readQuizCsv('question,option1,option2,answer\n"unclosed,a,b,a\n')).toMatchObject({
      ok: false,
      problems: [expect.stringContaining("not valid CSV")],
    });
    expect(readQuizCsv("")).toMatchObject({ ok: false });
  });
});
