import type { Lesson } from "./types.ts";

export const lessons: Lesson[] = [
  {
    title: "Running JavaScript in the Browser and in Node",
    description:
      "Start by running your first lines of JavaScript in two places: the browser's developer console and Node.js on your own computer. You will add a script tag to an HTML page, print messages with console.log, and run a file from the terminal with the node command. Knowing both environments matters because the same language powers web pages, servers and command-line tools.",
  },
  {
    title: "Declaring Variables",
    description:
      "Learn how to store values in variables with const and let, and why modern code uses const by default and let only when a value really has to change. You will write a small script that tracks a student's name, course and progress, then try reassigning each variable to see which errors appear. Clear names and careful declarations make your code easier to read and debug.",
  },
  {
    title: "Data Types and Type Conversion",
    description:
      "JavaScript values come in a few primitive types (string, number, bigint, boolean, undefined, null and symbol) plus objects. You will inspect values with the typeof operator, see why typeof null returns 'object', and convert between text and numbers with Number() and String(). Understanding types helps you avoid surprising bugs when data comes from users or from a server.",
  },
  {
    title: "Operators and Expressions",
    description:
      "This lesson covers arithmetic, comparison and logical operators, including strict equality with === and why it is safer than loose ==. You will also meet the nullish coalescing operator ?? and optional chaining ?. while building a small grade calculator that handles missing marks safely. These operators appear in almost every line of real code, so using them well saves you time.",
  },
  {
    title: "Working with Strings",
    description:
      "Strings hold text, and JavaScript gives you many built-in methods for working with them. You will practise slice, includes, indexOf, toUpperCase, trim, split and replaceAll to clean up a messy list of student names. Text processing is one of the most common jobs in programming, from checking what a user typed to formatting output on a page.",
  },
  {
    title: "Template Literals",
    description:
      "Template literals are strings written between backticks that can span several lines and insert values directly with the ${} syntax. You will rewrite the string concatenation from an earlier exercise and create a neatly formatted receipt for a course fee payment. Cleaner string building makes your code shorter and much easier to read, especially when you generate messages or HTML.",
  },
  {
    title: "Making Decisions with Conditionals",
    description:
      "Programs need to choose what to do next, and this lesson shows how with if, else if and else, the switch statement and the conditional (ternary) operator. You will also learn which values count as truthy and falsy. As practice, you will write a script that turns a numeric mark into a letter grade. Good conditional logic is the base of every feature that reacts to input.",
  },
  {
    title: "Repeating Work with Loops",
    description:
      "Learn to repeat tasks with for, while and do...while loops, and to walk through collections with for...of. You will use break and continue to control a loop and print a multiplication table for any number the user chooses. Loops let a few lines of code handle a list of ten items or ten thousand in exactly the same way.",
  },
  {
    title: "Writing Functions",
    description:
      "Functions package code into reusable, named blocks. You will write function declarations and function expressions, pass arguments, set default parameter values and return results. The exercise is a small set of helper functions that convert temperatures and calculate averages. Splitting a program into well-named functions makes it easier to test, reuse and explain to others.",
  },
  {
    title: "Arrow Functions",
    description:
      "Arrow functions offer a shorter syntax that suits callbacks and small helpers. You will convert regular functions to arrow functions, use implicit returns, and learn the key differences: arrow functions have no this or arguments of their own and cannot be called with new. Knowing when to choose an arrow function keeps your code concise without introducing subtle bugs.",
  },
  {
    title: "Scope and Closures",
    description:
      "Discover how JavaScript decides where a variable can be used, covering global, function and block scope and the temporal dead zone of let and const. You will then build a counter function that remembers its value between calls, which is a closure in action. Closures power event handlers, private state and many library patterns, so this idea pays off again and again.",
  },
  {
    title: "Getting Started with Arrays",
    description:
      "Arrays store ordered lists of values. You will create arrays, read items by index and with at(), add and remove items with push, pop, shift and unshift, and compare sorting in place with the newer copying methods toSorted and toReversed. The practice task is a class attendance list you can update and sort. Arrays are the everyday container for lists of data in JavaScript.",
  },
  {
    title: "Array Methods: Map, Filter and Reduce",
    description:
      "This lesson introduces the array methods that make data work readable: forEach, map, filter, find, some, every and reduce. Using a list of student records, you will calculate the class average, list everyone who passed and group students by course with Object.groupBy. These methods replace many hand-written loops and are used constantly in modern front-end and back-end code.",
  },
  {
    title: "Working with Objects",
    description:
      "Objects group related data and behaviour under named keys. You will create object literals, read and update properties with dot and bracket notation, add methods, and loop over data with Object.keys and Object.entries. You will model a course with a title, a list of lessons and a method that reports progress. Almost every piece of data you fetch or store in JavaScript is an object.",
  },
  {
    title: "Destructuring, Spread and Rest",
    description:
      "Learn to unpack values from arrays and objects with destructuring, including default values and renaming. You will use spread syntax to copy and merge arrays and objects, and rest parameters to accept any number of arguments. The exercise updates a user profile without changing the original object. These patterns appear everywhere in modern code and in frameworks such as React.",
  },
  {
    title: "Classes",
    description:
      "Classes give you a clear way to create many objects of the same shape. You will write a class with a constructor, methods, getters, static members and private fields marked with #, then extend it into a subclass with extends and super. The project models a student and a teaching assistant. Classes help you organise larger programs and read code written by other teams.",
  },
  {
    title: "Prototypes and Inheritance",
    description:
      "Behind every class is JavaScript's prototype system. You will see how objects look up properties along the prototype chain, inspect it with Object.getPrototypeOf, and create objects with Object.create, then compare a class with equivalent prototype-based code. Understanding prototypes explains how built-in methods such as map reach your arrays and helps when you debug inherited behaviour.",
  },
  {
    title: "Understanding Function Context",
    description:
      "The value of this depends on how a function is called, not where it is written. You will test this inside object methods, plain functions, arrow functions, event handlers and classes, and fix lost context with bind or an arrow function. You will also see how strict mode changes the result. Getting this right removes one of the most common sources of confusing bugs.",
  },
  {
    title: "Organising Code with Modules",
    description:
      "Modules let you split a program into files that share code through export and import. You will create named and default exports, load a module in the browser with a script tag of type module, and import the same files in Node. The task splits your earlier grade calculator into separate files. Modules keep large projects tidy and are how modern libraries are shared.",
  },
  {
    title: "Handling Errors",
    description:
      "Things go wrong: bad input, missing data, failed network calls. You will catch errors with try, catch and finally, throw your own Error objects with clear messages, and write a custom error class for validation. You will also read stack traces in the console to track down the source of a bug. Careful error handling keeps programs running and gives users helpful feedback.",
  },
  {
    title: "Selecting and Changing the DOM",
    description:
      "The Document Object Model is how JavaScript sees and changes a web page. You will select elements with querySelector and querySelectorAll, update text safely with textContent, toggle CSS classes, and create and insert new elements. The exercise builds a course list on the page from an array of data. These skills are what turn static pages into interactive ones.",
  },
  {
    title: "Handling Events",
    description:
      "Learn how pages respond to clicks, key presses and other user actions with addEventListener. You will work with the event object, stop default behaviour with preventDefault, and use event delegation so one listener handles clicks on many list items. You will build a tabbed panel that works with both mouse and keyboard. Events are the heart of every interactive interface.",
  },
  {
    title: "Working with Forms",
    description:
      "Forms are how users send information to your page. You will read values from text inputs, checkboxes and select menus, handle the submit event, and combine built-in HTML validation with your own checks, using FormData to collect every field at once. The exercise is a course registration form that shows clear, accessible error messages next to each field. Good form handling keeps your data clean and saves users from frustration.",
  },
  {
    title: "Working with JSON",
    description:
      "JSON is the text format used to exchange data between browsers, servers and files. You will turn objects into JSON with JSON.stringify, read it back with JSON.parse, pretty-print the output, and handle invalid input with try and catch. You will also see what JSON cannot store, such as functions and Date objects. Almost every API you use will send and receive JSON.",
  },
  {
    title: "Understanding Promises",
    description:
      "A promise represents a value that will arrive later, such as a file or a server response. You will create promises, chain then and catch, and run several tasks together with Promise.all and Promise.allSettled. A simulated slow download built with setTimeout lets you watch the pending, fulfilled and rejected states. Promises are the foundation of asynchronous JavaScript.",
  },
  {
    title: "Async and Await",
    description:
      "The async and await keywords let you write asynchronous code that reads like ordinary step-by-step code. You will rewrite a promise chain with await, handle failures with try and catch, and start independent tasks in parallel instead of one after another. You will also use top-level await in a module. This style makes complex asynchronous logic much easier to follow.",
  },
  {
    title: "Fetching Data from an API",
    description:
      "The fetch function requests data from a server over HTTP. You will load JSON from a sample API, check response.ok before reading the body, show a loading message while you wait, and handle network errors gracefully. You will also send data with a POST request. Fetching data is how web apps display live content such as timetables, results and announcements.",
  },
  {
    title: "The Event Loop",
    description:
      "Why does a setTimeout with a delay of zero still run after the rest of your code? This lesson explains the call stack, the task queue and the microtask queue that promises use. You will predict the order of logged messages in short puzzles, then check your answers in the console. Knowing how the event loop works helps you keep pages responsive and fix timing bugs.",
  },
  {
    title: "Saving Data with Local Storage",
    description:
      "The localStorage API lets a page remember small amounts of data in the browser, even after it is closed. You will save, read and remove values, store arrays and objects as JSON, and compare it with sessionStorage while building a theme switcher that remembers the user's choice. You will also learn why passwords and other sensitive data should never be kept there.",
  },
  {
    title: "Regular Expressions",
    description:
      "Regular expressions describe patterns in text. You will write patterns with character classes, quantifiers, anchors and groups, then use them with test, match, matchAll and replace. The exercise checks the format of a student ID and pulls every date out of a paragraph. Used with care, regular expressions make validation and text processing far shorter than manual string code.",
  },
  {
    title: "Dates, Times and Formatting with Intl",
    description:
      "Learn to create Date objects, read their parts and calculate the days left until an exam, while watching out for months that start at zero. Then you will format dates, numbers and currency for any locale with Intl.DateTimeFormat and Intl.NumberFormat, for example showing fees in Indian rupees. Correct formatting makes your app feel natural to every user.",
  },
  {
    title: "Final Project: A Study Planner App",
    description:
      "Bring everything together by building a small study planner in the browser. You will add, complete and delete tasks through a form, render them with the DOM, save them in localStorage, and load suggested topics with fetch, keeping the code in modules and handling errors along the way. Finishing a complete project shows you can plan, build and debug a real application.",
  },
];
