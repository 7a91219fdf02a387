import type { Lesson } from "./types.ts";

export const lessons: Lesson[] = [
  {
    title: "What Node Is and How the Event Loop Works",
    description:
      "Learn what Node.js is, how it runs JavaScript outside the browser, and how the event loop lets one thread handle many tasks at once. You will run your first script and predict the order in which timers and callbacks print. Understanding the event loop explains why Node is fast for servers.",
  },
  {
    title: "Modules: CommonJS and ES Modules",
    description:
      "Compare the two module systems in Node: CommonJS with require and module.exports, and ES modules with import and export. You will split a small program into several files using both styles and see how the type field in package.json decides which is used. Modules keep larger programs organised.",
  },
  {
    title: "Managing Packages With npm and package.json",
    description:
      "Learn how npm installs packages, how package.json records your dependencies and scripts, and what the lock file is for. You will start a new project, add a package, and write a script you can run with npm run. These tools are part of almost every JavaScript project you will ever work on.",
  },
  {
    title: "Working With the File System",
    description:
      "Use the fs/promises module to read, write, append and delete files, and to list the contents of a folder. You will build a small notes program that saves each note to a text file. Working with files is a core skill for scripts, build tools and servers alike.",
  },
  {
    title: "Handling File Paths",
    description:
      "Learn how the path module joins, resolves and splits file paths so your code works on Windows, macOS and Linux. You will use import.meta.dirname to find files relative to your script instead of the current folder. Correct paths prevent some of the most common bugs in Node programs.",
  },
  {
    title: "Events and the EventEmitter",
    description:
      "Discover how many parts of Node are built on events, and how to create your own with the EventEmitter class. You will build an order tracker that emits events when an order is placed and shipped, with listeners reacting to each one. Events help you write code that stays loosely connected.",
  },
  {
    title: "Working With Streams",
    description:
      "Learn how readable, writable and transform streams process data in small chunks instead of loading it all into memory. You will copy and compress a large file using the pipeline function. Streams let Node handle big files and network data efficiently without running out of memory.",
  },
  {
    title: "Building a Server With the http Module",
    description:
      "Create a web server using only Node's built-in http module and see how requests and responses really work. You will read the URL and method of each request and send back HTML or JSON with the right status code. Knowing this foundation makes frameworks like Express much easier to understand.",
  },
  {
    title: "Async Patterns: Callbacks, Promises and async/await",
    description:
      "Trace how asynchronous code in Node moved from callbacks to promises and then to async and await. You will rewrite a callback-based file reader using async functions, handle errors with try and catch, and run tasks in parallel with Promise.all. Clear async code is easier to read and debug.",
  },
  {
    title: "Environment Variables and a Small CLI Project",
    description:
      "Learn how to read settings from process.env and load a .env file with Node's built-in --env-file option. You will then build a small command-line tool that takes arguments with util.parseArgs and saves its results to a file. This project combines the whole course into one practical program.",
  },
];
