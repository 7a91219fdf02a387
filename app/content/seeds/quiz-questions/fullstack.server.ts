import type { QuizQuestion } from "./types.ts";

export const questions: QuizQuestion[] = [
  {
    id: "fullstack-01",
    question: "Which HTML element is the most appropriate wrapper for a page's main navigation links?",
    options: ["<section>", "<nav>", "<aside>", "<footer>"],
    answer: "<nav>",
    explanation:
      "The 'nav' element marks a block of major navigation links, which tells browsers, screen readers and search engines what those links are for. A 'section' is only a generic thematic grouping, and 'aside' holds content loosely related to the main content, so neither conveys navigation.",
  },
  {
    id: "fullstack-02",
    question: 'Given these CSS rules, what color is the text of <h1 id="title" class="heading">Hi</h1>?',
    code: "#title { color: red; }\n.heading { color: blue; }\nh1 { color: green; }",
    options: ["green", "blue", "black", "red"],
    answer: "red",
    explanation:
      "All three rules match the heading, so specificity decides: an ID selector outranks a class selector, which outranks a type selector. The '#title' rule wins and the text is red. Blue is tempting because '.heading' comes later, but source order only breaks ties between equally specific rules.",
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
    explanation:
      "201 Created means the request succeeded and a new resource was created, typically after a POST; the response often includes a Location header pointing to it. A missing authentication is 401, a permanent move is 301, and an internal server error is 500.",
  },
  {
    id: "fullstack-04",
    question: "What does this JavaScript log?",
    code: "console.log(0.1 + 0.2 === 0.3);",
    options: ["true", "TypeError", "false", "undefined"],
    answer: "false",
    explanation:
      "JavaScript numbers are binary floating-point values, and neither 0.1 nor 0.2 can be stored exactly, so their sum is 0.30000000000000004 rather than 0.3. Strict equality compares the exact values and gives false; there is no TypeError, because adding and comparing numbers is perfectly valid.",
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
    explanation:
      "Node.js hands I/O work such as network and file access to the operating system or a small internal thread pool, and its event loop runs each callback on the main thread once the result is ready. It does not start a thread per request, which is how many traditional servers handle concurrency.",
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
    explanation:
      "express.json() is middleware that reads request bodies sent with a JSON Content-Type, parses them and puts the resulting object on req.body, which is why req.body.name works in the handler. It does not affect responses; res.json() is what sends JSON back to the client.",
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
    explanation:
      "MongoDB writes comparisons as query operators inside an object, and '$gt' means greater than, so { age: { $gt: 30 } } matches ages above 30. The '$lt' version is tempting but means less than, the first option is not even valid JavaScript, and a string like 'age > 30' is not a query filter.",
  },
  {
    id: "fullstack-08",
    question: "Which keyword fills the blank so that only departments with more than 5 employees are returned?",
    code: "SELECT department, COUNT(*)\nFROM employees\nGROUP BY department\n____ COUNT(*) > 5;",
    options: ["WHERE", "ORDER BY", "HAVING", "LIMIT"],
    answer: "HAVING",
    explanation:
      "WHERE filters individual rows before grouping, so it cannot test an aggregate such as COUNT(*). HAVING filters the groups after GROUP BY has formed them, so it keeps only the departments whose row count is greater than 5.",
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
    explanation:
      "Keys give each list item a stable identity, so when the array changes React can tell which items were added, removed or moved, and keep the right state and DOM nodes with each one. Keys do not sort, style or focus anything; they only help React match items between renders.",
  },
  {
    id: "fullstack-10",
    question: "Which attribute on an <input> makes the browser block form submission while the field is empty?",
    options: ["placeholder", "required", "disabled", "autofocus"],
    answer: "required",
    explanation:
      "The boolean 'required' attribute makes the field invalid while it is empty, so the browser's built-in validation blocks submission and shows a message. A 'placeholder' only shows hint text, and 'disabled' leaves the field out of the submission entirely instead of demanding a value.",
  },
  {
    id: "fullstack-11",
    question: "With box-sizing: border-box, a div has width: 200px, padding: 10px and a 5px border. What is its rendered width?",
    options: ["230px", "215px", "220px", "200px"],
    answer: "200px",
    explanation:
      "With box-sizing: border-box, the declared width already includes padding and border, so the box renders at exactly 200px and the content area shrinks to 170px. The answer 230px is what the default content-box model would give, where padding and border are added outside the width.",
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
    explanation:
      "Browsers enforce a same-origin policy, and CORS is the header-based way a server states which other origins may read its responses, for example with Access-Control-Allow-Origin. It has nothing to do with encrypting cookies, which HTTPS handles, or with compressing responses.",
  },
  {
    id: "fullstack-13",
    question: "Which SQL join returns every row of the left table, plus the matching rows of the right table where they exist?",
    options: ["LEFT JOIN", "INNER JOIN", "CROSS JOIN", "RIGHT JOIN"],
    answer: "LEFT JOIN",
    explanation:
      "A LEFT JOIN keeps every row of the left table; where the right table has no matching row, its columns come back as NULL. An INNER JOIN returns only rows that match in both tables, and a RIGHT JOIN keeps every row of the right table instead.",
  },
  {
    id: "fullstack-14",
    question: "The server answers this request with status 404. What is logged?",
    code: 'const res = await fetch("/api/missing");\nconsole.log(res.ok);',
    options: ["true", "false", "undefined", "Nothing; the await throws an error"],
    answer: "false",
    explanation:
      "fetch rejects only on network failures, such as an unreachable server; an HTTP error status still produces a normal Response object, so nothing is thrown. res.ok is true only for statuses from 200 to 299, so a 404 logs false.",
  },
  {
    id: "fullstack-15",
    question: "In package.json, where should you list a package needed only for testing and building, not at run time?",
    options: ["dependencies", "peerDependencies", "devDependencies", "bundledDependencies"],
    answer: "devDependencies",
    explanation:
      "devDependencies lists tools needed only while developing, such as test runners and bundlers, and production installs can skip them. peerDependencies is different: it declares a package the host project must supply itself, as when a plugin needs a particular framework.",
  },
];
