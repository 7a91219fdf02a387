import type { QuizQuestion } from "./types.ts";

export const questions: QuizQuestion[] = [
  {
    id: "javascript-01",
    question: "What string does the expression typeof null evaluate to?",
    options: ['"null"', '"undefined"', '"number"', '"object"'],
    answer: '"object"',
    explanation:
      "typeof null returns 'object', a bug from the very first JavaScript implementation that was kept for backward compatibility. null is really its own primitive type, but typeof never returns 'null', so to test for null you compare directly with value === null.",
  },
  {
    id: "javascript-02",
    question: "What does this code log?",
    code: 'const fns = [];\nfor (let i = 0; i < 3; i++) {\n  fns.push(() => i);\n}\nconsole.log(fns.map((f) => f()).join(","));',
    options: ["0,1,2", "3,3,3", "2,2,2", "0,0,0"],
    answer: "0,1,2",
    explanation:
      "A let declaration in a for loop header creates a fresh binding of i for each iteration, so each arrow function captures its own iteration's value: 0, 1 and 2. With var there would be a single shared i, and every function would return its final value, 3.",
  },
  {
    id: "javascript-03",
    question: "Which statement about a variable declared with const is true?",
    options: [
      "The properties of a const object can never change",
      "It can be reassigned inside a nested block",
      "The binding cannot be reassigned, but an object it holds can be mutated",
      "It is hoisted and initialized to undefined",
    ],
    answer: "The binding cannot be reassigned, but an object it holds can be mutated",
    explanation:
      "const prevents reassigning the variable, not changing the value it refers to, so an object held in a const can still have properties added, changed or removed; Object.freeze is what stops that. A const is block scoped and cannot be read before its declaration runs, so it is not initialized to undefined.",
  },
  {
    id: "javascript-04",
    question: "In what order are the letters logged?",
    code: 'console.log("A");\nsetTimeout(() => console.log("B"), 0);\nPromise.resolve().then(() => console.log("C"));\nconsole.log("D");',
    options: ["A B C D", "A D C B", "A D B C", "A C D B"],
    answer: "A D C B",
    explanation:
      "Synchronous code runs first, logging A and D. When the call stack empties, the microtask queue, which holds promise callbacks, is drained before the next task, so C comes next. The setTimeout callback is a separate task that runs afterwards, even with a delay of 0, so B is last.",
  },
  {
    id: "javascript-05",
    question: "How does the === operator differ from ==?",
    options: [
      "It compares without type coercion",
      "It compares objects by their contents",
      "It converts both sides to strings first",
      "It only works on numbers",
    ],
    answer: "It compares without type coercion",
    explanation:
      "=== is strict equality: values of different types are never equal, so 1 === '1' is false, while == first converts the operands to a common type, making 1 == '1' true. Neither operator compares objects by their contents; both only check whether two references point to the same object.",
  },
  {
    id: "javascript-06",
    question: "What does this code log?",
    code: "const { a, ...rest } = { a: 1, b: 2, c: 3 };\nconsole.log(rest);",
    options: ["{ a: 1 }", "[2, 3]", "{ b: 2 }", "{ b: 2, c: 3 }"],
    answer: "{ b: 2, c: 3 }",
    explanation:
      "The pattern assigns property a to the variable a, and the rest element '...rest' collects all remaining own properties into a new object, so rest is { b: 2, c: 3 }. It is an object, not an array, because a rest element in an object pattern always produces an object.",
  },
  {
    id: "javascript-07",
    question: "What does this code log?",
    code: 'const user = { settings: { volume: 0 } };\nconsole.log(user.settings?.volume ?? 50, user.profile?.name ?? "anon");',
    options: ["50 anon", "0 anon", "0 undefined", "A TypeError is thrown"],
    answer: "0 anon",
    explanation:
      "?? falls back only when its left side is null or undefined, so the volume 0 is kept, whereas || would have replaced it with 50. user.profile is undefined, so optional chaining stops and yields undefined instead of throwing a TypeError, and ?? then supplies anon.",
  },
  {
    id: "javascript-08",
    question: "What does Array.prototype.map() return?",
    options: [
      "The original array, modified in place",
      "undefined",
      "A new array of the callback's return values",
      "The first element for which the callback returns true",
    ],
    answer: "A new array of the callback's return values",
    explanation:
      "map calls the callback once for each element and returns a new array of the same length holding the callback's return values, leaving the original array unchanged. Returning the first element that passes a test is what find does, and forEach is the method that returns undefined.",
  },
  {
    id: "javascript-09",
    question: "What does calling a function declared with async always return?",
    options: ["The value of its return statement, unwrapped", "undefined", "A generator object", "A Promise"],
    answer: "A Promise",
    explanation:
      "An async function always returns a Promise: a returned value becomes its fulfillment value, and a thrown error becomes a rejection. To get at the value itself you must await the result or call then on it; it is never handed back unwrapped.",
  },
  {
    id: "javascript-10",
    question: "How does an arrow function get its value of this?",
    options: [
      "From the enclosing scope where it is defined",
      "From the object it is called on",
      "It is always the global object",
      "It is always undefined",
    ],
    answer: "From the enclosing scope where it is defined",
    explanation:
      "Arrow functions have no 'this' of their own; they use the 'this' of the scope where they are defined, fixed lexically, and calling them as a method or with call or bind does not change it. Taking 'this' from the object a function is called on is how regular functions behave.",
  },
  {
    id: "javascript-11",
    question: "What array does this code log?",
    code: "console.log([1, 10, 2].sort());",
    options: ["[1, 2, 10]", "[10, 2, 1]", "[1, 10, 2]", "[2, 10, 1]"],
    answer: "[1, 10, 2]",
    explanation:
      "Without a compare function, sort converts the elements to strings and orders them by UTF-16 code units. As strings, '1' comes before '10', which comes before '2', so the array stays [1, 10, 2]. To sort numerically, pass a comparator such as (a, b) => a - b.",
  },
  {
    id: "javascript-12",
    question: "What happens to Promise.all([p1, p2, p3]) if p2 rejects?",
    options: [
      "It fulfills with the other two values",
      "It rejects with p2's rejection reason",
      "It stays pending forever",
      "It fulfills with undefined in p2's slot",
    ],
    answer: "It rejects with p2's rejection reason",
    explanation:
      "Promise.all is fail-fast: as soon as any input promise rejects, the combined promise rejects with that same reason and the other results are discarded. To collect every outcome, fulfilled or rejected, use Promise.allSettled instead.",
  },
  {
    id: "javascript-13",
    question: "Which of these values is truthy?",
    options: ['"0"', "0", '""', "NaN"],
    answer: '"0"',
    explanation:
      "JavaScript's falsy values are false, 0, -0, 0n, the empty string, null, undefined and NaN. '0' is a non-empty string, so it is truthy even though it contains a zero, while the number 0, the empty string and NaN are all falsy.",
  },
  {
    id: "javascript-14",
    question: "How many default exports can a single ES module have?",
    options: ["Any number", "Exactly two", "None; only named exports exist", "At most one"],
    answer: "At most one",
    explanation:
      "A module may have at most one default export, written with export default; a second one is a syntax error. A module may also have no default export at all, and it can have any number of named exports alongside it.",
  },
  {
    id: "javascript-15",
    question: "What happens when f() is called?",
    code: "function f() {\n  console.log(y);\n  let y = 3;\n}\nf();",
    options: ["It logs 3", "It logs undefined", "A ReferenceError is thrown", "It logs null"],
    answer: "A ReferenceError is thrown",
    explanation:
      "A let declaration is hoisted but not initialized: from the start of the block until the declaration runs, y is in the temporal dead zone, and reading it throws a ReferenceError. Logging undefined is what would happen with var, which is initialized to undefined when hoisted.",
  },
];
