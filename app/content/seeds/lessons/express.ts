import type { Lesson } from "./types.ts";

export const lessons: Lesson[] = [
  {
    title: "Your First Express Server",
    description:
      "Install Express 5 in a new Node project and write a server that answers requests in just a few lines. You will start it on a port, visit it in the browser and send back text and JSON. This small starting point is the base for every Express app you will build.",
  },
  {
    title: "Routing and Route Parameters",
    description:
      "Learn how Express matches HTTP methods and paths to handler functions, and how to read route parameters and query strings. You will build routes that list courses and show a single course by its id. You will also group related routes with express.Router to keep your code organised.",
  },
  {
    title: "Understanding Middleware",
    description:
      "Discover how middleware functions sit between the request and the response, and how calling next passes control along the chain. You will write a simple request logger and apply it to all routes or just a few. Middleware is the idea that makes Express flexible, from logging to authentication.",
  },
  {
    title: "Reading Request Bodies and Validating Input",
    description:
      "Learn how express.json and express.urlencoded parse incoming data into req.body, and why you must never trust it blindly. You will validate a new student record and send back clear 400 errors when fields are missing or wrong. Checking input protects both your data and your users.",
  },
  {
    title: "Handling Errors Gracefully",
    description:
      "Learn how Express 5 passes errors to error-handling middleware, including rejected promises from async route handlers. You will write one central error handler that returns tidy JSON messages and a custom 404 response. Consistent error handling makes your API easier to use and to debug.",
  },
  {
    title: "Serving Static Files and Designing a REST API",
    description:
      "See how express.static serves HTML, CSS and images from a folder, and how REST principles shape clean API routes. You will serve a small front-end page and plan the URLs, methods and status codes for a resource. Good API design makes your server predictable for anyone who uses it.",
  },
  {
    title: "Project: Building a REST API",
    description:
      "Put everything together by building a complete REST API for a course catalogue with create, read, update and delete routes. You will organise the code into routers, add validation and error handling, and test each endpoint with an HTTP client. The result is a solid back end you can connect to any front end.",
  },
];
