import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { questionsByQuiz } from "#app/content/seeds/quiz-questions/index.server.ts";
import { readGift, writeGift } from "./gift.ts";
import { readQuizCsv } from "./quiz-csv.ts";

const moodleFile = (name: string) => readFileSync(join(import.meta.dirname, "../../../../tests/fixtures/gift", name), "utf8");

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
      problems: [],
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
    expect(reading.questions.map((question) => question.explanation)).toEqual([
      "Apples grow on trees.",
      "Red is one of the #1 colours: a primary one.",
      "Yes: a G-type star.",
      "It is not: it orbits the Earth.",
      undefined,
    ]);
  });

  it("reads Moodle's own examples as Moodle does: the kinds a quiz here holds, and each other one named with its line", () => {
    const reading = readGift(moodleFile("moodle-examples.gift.txt"));
    expect(reading.questions).toHaveLength(18);
    expect(reading.problems).toHaveLength(25);
    // Missing-word questions keep their blank where the answers were.
    expect(reading.questions).toContainEqual({
      question: "Grant is _____ in Grant's tomb.",
      options: ["buried", "entombed", "living"],
      answer: "entombed",
      explanation: "Right answer!",
    });
    expect(reading.questions).toContainEqual({
      question: "The American holiday of Thanksgiving is\ncelebrated on the _____ Thursday of November.",
      options: ["second", "third", "fourth"],
      answer: "fourth",
    });
    // Escaped control characters are the options' own text; a line break in the file stays one.
    expect(reading.questions).toContainEqual(
      expect.objectContaining({
        options: ["~", "=", "#", "{", "}", "\\"],
        answer: "\\",
        explanation: expect.stringMatching(/^Correct! \\ \(backslash\)[^]*\n\(as shown in this example\)\.$/),
      }),
    );
    expect(reading.problems).toEqual(
      expect.arrayContaining([
        "Line 14: it is a short-answer question (only = answers, typed in by the learner); give the wrong options with ~.",
        "Line 16: it is a numerical question ({#…}); quizzes here are multiple choice.",
        "Line 55: it is a matching question (=… -> …); quizzes here are multiple choice.",
        "Line 90 (Kanji Origins): it is a short-answer question (only = answers, typed in by the learner); give the wrong options with ~.",
        "Line 115: it gives partial credit (50% for “half credit answer”); quizzes here score each question right or wrong.",
        "Line 117 (Jesus' hometown): it gives partial credit (25% for “Bethlehem”); quizzes here score each question right or wrong.",
        "Line 130: it is a multiple-answer question (several answers with weights); quizzes here have one right answer per question.",
      ]),
    );
  });

  it("reads the file Moodle's importer tests read: text formats stripped from answers and feedback, general feedback kept", () => {
    const reading = readGift(moodleFile("moodle-fixture-questions.gift.txt"));
    expect(reading.questions[0]).toEqual({
      question: "What's between orange and green in the spectrum?",
      options: ["yellow", "red", "blue"],
      answer: "yellow",
      explanation: "right; good!",
    });
    expect(reading.questions[1]).toMatchObject({
      options: ["True", "False"],
      answer: "False",
      explanation: "This is, of course, a Hitchiker's Guide to the Galaxy reference.",
    });
    expect(reading.problems).toEqual([
      "Line 2 (Q8): it is an essay question (empty { }); quizzes here are multiple choice.",
      "Line 5 (Moodle activities): it is a matching question (=… -> …); quizzes here are multiple choice.",
      "Line 22 (colours): it is a multiple-answer question (several answers with weights); quizzes here have one right answer per question.",
      "Line 31 (Q5): it is a numerical question ({#…}); quizzes here are multiple choice.",
      "Line 34 (Shortanswer): it is a short-answer question (only = answers, typed in by the learner); give the wrong options with ~.",
    ]);
  });

  it("keeps [html], [moodle] and [markdown] question texts with formatting as written, with their words beside; a text of words and a listing stays plain", () => {
    const reading = readGift(
      [
        "[html]<p>Which tag makes text <b>bold</b>?</p><p>Pick &amp; choose.</p>{=[html]<code>&lt;strong&gt;</code> ~<i>italic</i> ~[plain]<u>}",
        "",
        "What does this print?<br>Think <em>carefully</em>.{=1 ~2}",
        "",
        "[markdown]What does this **print**?\\n\\n    System.out.println(1 + 1);\\n{=2 ~11}",
        "",
        "[html]What does this print?<pre>print(1 + 1)\\nprint(2)</pre>{=2 and 2 ~11}",
      ].join("\n"),
    );
    expect(reading.problems).toEqual([]);
    expect(reading.questions).toEqual([
      {
        question: "Which tag makes text bold?\n\nPick & choose.",
        rich: { format: "html", source: "<p>Which tag makes text <b>bold</b>?</p><p>Pick &amp; choose.</p>" },
        // Answers keep their words only.
        options: ["<strong>", "italic", "<u>"],
        answer: "<strong>",
      },
      {
        question: "What does this print?\nThink carefully.",
        // Moodle's own format is HTML whose line breaks count.
        rich: { format: "html", source: "What does this print?<br>Think <em>carefully</em>." },
        options: ["1", "2"],
        answer: "1",
      },
      {
        question: "What does this print?",
        rich: { format: "markdown", source: "What does this **print**?\n\n    System.out.println(1 + 1);" },
        options: ["2", "11"],
        answer: "2",
      },
      // Nothing but words and a listing: a plain question with its code.
      { question: "What does this print?", code: "print(1 + 1)\nprint(2)", options: ["2 and 2", "11"], answer: "2 and 2" },
    ]);
  });

  it("writes formatted questions as written, so that they read back the same", () => {
    const questions = [
      {
        id: "rich-1",
        question: "Which is right?",
        rich: { format: "markdown" as const, source: "Which is **right**: `a == b` or `a.equals(b)`?\n\n- for text\n- for {objects} #1" },
        options: ["a == b", "a.equals(b)"],
        answer: "a.equals(b)",
      },
      {
        id: "rich-2",
        question: "Pick the link.",
        rich: { format: "html" as const, source: '<p>Pick the <a href="https://example.org/a?b=c#d">link</a>: ~ = { }</p>' },
        options: ["this", "that"],
        answer: "this",
      },
    ];
    const reading = readGift(writeGift("Formatted", questions));
    expect(reading.problems).toEqual([]);
    expect(reading.questions.map(({ rich, options, answer }) => ({ rich, options, answer }))).toEqual(
      questions.map(({ rich, options, answer }) => ({ rich, options, answer })),
    );
  });

  it("names every question it cannot take, by line and title, and still reads the ones it can", () => {
    const reading = readGift(
      [
        "Fine question here? {=yes ~no}",
        "",
        "::Capital:: Short answer? {=Paris =paris}",
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
        "",
        "Only one? {~%100%alone}",
        "",
        "Stray text? {oops =a ~b}",
      ].join("\n"),
    );
    expect(reading.questions).toEqual([{ question: "Fine question here?", options: ["yes", "no"], answer: "yes" }]);
    expect(reading.problems).toEqual([
      "Line 3 (Capital): it is a short-answer question (only = answers, typed in by the learner); give the wrong options with ~.",
      "Line 5: exactly one answer must be right (= or %100%); this question has 2.",
      "Line 7: it gives partial credit (50% for “half”); quizzes here score each question right or wrong.",
      "Line 9: it is a numerical question ({#…}); quizzes here are multiple choice.",
      'Line 11: The option "A" appears twice: options must all differ.',
      "Line 13: it has no answers in { }: Moodle reads it as a description, which is not a question.",
      "Line 15: a multiple-choice question needs at least 2 answers.",
      "Line 17: each answer must start with = (right) or ~ (wrong).",
    ]);
  });

  it("writes a quiz that reads back as the same questions: every seeded quiz, code listings, explanations and true/false included", () => {
    const questions = Object.values(questionsByQuiz).flat();
    const reading = readGift(writeGift("Every quiz", questions));
    expect(reading.problems).toEqual([]);
    expect(reading.questions).toEqual(questions.map(({ id: _id, ...question }) => question));
  });

  it("writes every special character, line breaks, arrows and percent signs so that they read back unchanged", () => {
    const awkward = {
      id: "awkward-1",
      question: "Which of these is {special}: a~b, c=d, #e, f:g, h\\i, *j* or _k_?\nSecond line: 50% of <b>bold</b> & [plain]",
      code: "if (a == b) { p->next = q; } // 100% #1 ~x\n\n```js\nnested fence\n```",
      options: ["p->next", "%50%half", "[html]<i>x</i>", "=equal", "~tilde", "#hash", "a\\b"],
      answer: "p->next",
      explanation: "Line one: {braces} ~ = # :\nLine two.",
    };
    const trueFalse = {
      id: "tf-1",
      question: "A GIFT file is UTF-8 text.",
      options: ["True", "False"],
      answer: "False",
      explanation: "Moodle reads other encodings too.",
    };
    const gift = writeGift("Awkward", [{ ...awkward, options: awkward.options.slice(0, 6) }, trueFalse]);
    expect(gift).toContain("::tf-1::[plain]A GIFT file is UTF-8 text.{FALSE####[plain]Moodle reads other encodings too.}");
    const reading = readGift(gift);
    expect(reading.problems).toEqual([]);
    expect(reading.questions).toEqual([
      {
        question: awkward.question,
        code: awkward.code,
        options: awkward.options.slice(0, 6),
        answer: awkward.answer,
        explanation: awkward.explanation,
      },
      { question: trueFalse.question, options: trueFalse.options, answer: "False", explanation: trueFalse.explanation },
    ]);
  });
});

describe("quiz CSV", () => {
  it("reads the named columns in any order, the answer as text or number, quoted cells over several lines, an explanation", () => {
    const reading = readQuizCsv(
      'answer,question,option1,option2,option3,option4,option5,option6,explanation\n2,"Which is\na fruit?",Carrot,Apple,,,,,"Apples grow on trees, carrots in the ground."\nPython,Which is a language?,Cobra,Python,Viper,,,,\n',
    );
    expect(reading).toEqual({
      problems: [],
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

  it("reports each bad row with the line it starts on, and reads the good ones", () => {
    const reading = readQuizCsv(
      'question,option1,option2,answer\nGood question?,yes,no,yes\n"Spans\ntwo lines?",a,a,a\nOne option only?,alone,,alone\nAnswer not an option?,x,y,z\n',
    );
    expect(reading.questions).toEqual([{ question: "Good question?", options: ["yes", "no"], answer: "yes" }]);
    expect(reading.problems).toEqual([
      'Line 3: The option "a" appears twice: options must all differ. Exactly one option must be the right answer.',
      "Line 5: A question has 2 to 6 options; this one has 1.",
      "Line 6: Exactly one option must be the right answer.",
    ]);
  });

  it("refuses a file without the header row, or that is not CSV", () => {
    expect(readQuizCsv("What?,a,b,a\n")).toEqual({
      questions: [],
      problems: [expect.stringContaining("Line 1: the first row must name the columns")],
    });
    expect(readQuizCsv('question,option1,option2,answer\n"unclosed,a,b,a\n')).toEqual({
      questions: [],
      problems: [expect.stringContaining("not valid CSV")],
    });
    expect(readQuizCsv("")).toEqual({ questions: [], problems: ["The file is empty."] });
  });
});
