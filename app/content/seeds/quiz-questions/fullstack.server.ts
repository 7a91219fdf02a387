import type { QuizQuestion } from "./types.ts";

export const questions: QuizQuestion[] = [
  {
    id: "fullstack-01",
    question: "Which HTML element is the most appropriate wrapper for a page's main navigation links?",
    options: ["<section>", "<nav>", "<aside>", "<footer>"],
    answer: "<nav>",
  },
  {
    id: "fullstack-02",
    question: 'Given these CSS rules, what color is the text of <h1 id="title" class="heading">Hi</h1>?',
    code: "#title { color: red; }\n.heading { color: blue; }\nh1 { color: green; }",
    options: ["green", "blue", "black", "red"],
    answer: "red",
  },
  {
    id: "fullstack-03",
    question: "A server answers a request with HTTP status 201. What does that indicate?",
    options: [
      "A new resource was created successfully",
      "The client must authenticate first",
      "The resource has moved permanently",
      "The server hit an internal error",
    ],
    answer: "A new resource was created successfully",
  },
  {
    id: "fullstack-04",
    question: "What does this JavaScript log?",
    code: "console.log(0.1 + 0.2 === 0.3);",
    options: ["true", "TypeError", "false", "undefined"],
    answer: "false",
  },
  {
    id: "fullstack-05",
    question: "How does Node.js handle many concurrent I/O operations while running JavaScript on a single thread?",
    options: [
      "It starts one OS thread per request",
      "It uses an event loop with non-blocking I/O",
      "It forks a new process for every call",
      "It blocks until each operation finishes",
    ],
    answer: "It uses an event loop with non-blocking I/O",
  },
  {
    id: "fullstack-06",
    question: "In this Express app, what does express.json() do?",
    code: 'app.use(express.json());\napp.post("/users", (req, res) => {\n  res.status(201).json({ name: req.body.name });\n});',
    options: [
      "Parses JSON request bodies into req.body",
      "Sends every response as JSON",
      "Validates requests against a JSON schema",
      "Converts req.query into a JSON string",
    ],
    answer: "Parses JSON request bodies into req.body",
  },
  {
    id: "fullstack-07",
    question: "Which MongoDB query finds documents in the users collection whose age is greater than 30?",
    options: [
      "db.users.find({ age: > 30 })",
      "db.users.find({ age: { $lt: 30 } })",
      'db.users.find("age > 30")',
      "db.users.find({ age: { $gt: 30 } })",
    ],
    answer: "db.users.find({ age: { $gt: 30 } })",
  },
  {
    id: "fullstack-08",
    question: "Which keyword fills the blank so that only departments with more than 5 employees are returned?",
    code: "SELECT department, COUNT(*)\nFROM employees\nGROUP BY department\n____ COUNT(*) > 5;",
    options: ["WHERE", "ORDER BY", "HAVING", "LIMIT"],
    answer: "HAVING",
  },
  {
    id: "fullstack-09",
    question: "In React, why should each item rendered from an array get a stable key prop?",
    options: [
      "So React can match items between renders",
      "So the items become keyboard-focusable",
      "So React sorts the list automatically",
      "So each item can be styled uniquely",
    ],
    answer: "So React can match items between renders",
  },
  {
    id: "fullstack-10",
    question: "Which attribute on an <input> makes the browser block form submission while the field is empty?",
    options: ["placeholder", "required", "disabled", "autofocus"],
    answer: "required",
  },
  {
    id: "fullstack-11",
    question: "With box-sizing: border-box, a div has width: 200px, padding: 10px and a 5px border. What is its rendered width?",
    options: ["230px", "215px", "220px", "200px"],
    answer: "200px",
  },
  {
    id: "fullstack-12",
    question: "What does CORS (Cross-Origin Resource Sharing) control?",
    options: [
      "How servers compress their responses",
      "Which CSS rules take priority",
      "Whether scripts may read responses from other origins",
      "How cookies are encrypted in transit",
    ],
    answer: "Whether scripts may read responses from other origins",
  },
  {
    id: "fullstack-13",
    question: "Which SQL join returns every row of the left table, plus the matching rows of the right table where they exist?",
    options: ["LEFT JOIN", "INNER JOIN", "CROSS JOIN", "RIGHT JOIN"],
    answer: "LEFT JOIN",
  },
  {
    id: "fullstack-14",
    question: "The server answers this request with status 404. What is logged?",
    code: 'const res = await fetch("/api/missing");\nconsole.log(res.ok);',
    options: ["true", "false", "undefined", "Nothing; the await throws an error"],
    answer: "false",
  },
  {
    id: "fullstack-15",
    question: "In package.json, where should you list a package needed only for testing and building, not at run time?",
    options: ["dependencies", "peerDependencies", "devDependencies", "bundledDependencies"],
    answer: "devDependencies",
  },
];
