import type { QuizQuestion } from "./types.ts";

export const questions: QuizQuestion[] = [
  {
    id: "react-01",
    question: "count is 0 and the user clicks once. What is count on the next render?",
    code: "const [count, setCount] = useState(0);\nfunction handleClick() {\n  setCount(count + 1);\n  setCount(count + 1);\n  setCount(count + 1);\n}",
    options: ["0", "3", "1", "2"],
    answer: "1",
    explanation:
      "Each call uses the value of count from the render in which the handler was created, which is 0, so all three calls ask React to set count to 0 + 1. React batches the updates, and the next render shows 1, not 3.",
  },
  {
    id: "react-02",
    question: "Which way of calling the setter makes three calls in one click handler increase count by 3?",
    options: [
      "setCount((c) => c + 1) three times",
      "setCount(count + 1) three times",
      "count++ three times, then setCount(count)",
      "setCount(count + 1) inside three useEffect calls",
    ],
    answer: "setCount((c) => c + 1) three times",
    explanation:
      "Passing an updater function queues it, and React runs queued updaters in order, each receiving the latest pending state: 0 to 1, 1 to 2, then 2 to 3. Calling setCount(count + 1) three times uses the same stale count each time, so it adds only 1.",
  },
  {
    id: "react-03",
    question: "In a production build, when does this effect run?",
    code: 'useEffect(() => {\n  console.log("effect");\n}, []);',
    options: [
      "Before every render",
      "After every render",
      "Only when the component unmounts",
      "After the component mounts, not after re-renders",
    ],
    answer: "After the component mounts, not after re-renders",
    explanation:
      "An empty dependency array means the effect depends on no values, so it runs once after the component first mounts and never again after re-renders. Effects run after rendering, never before it. In development, Strict Mode runs it an extra time to expose missing cleanups, which is why the question says production.",
  },
  {
    id: "react-04",
    question: "What happens when you assign a new value to ref.current on a ref created with useRef?",
    options: [
      "The component re-renders immediately",
      "The value is kept, but no re-render is triggered",
      "The value is reset on the next render",
      "React throws an error",
    ],
    answer: "The value is kept, but no re-render is triggered",
    explanation:
      "A ref is a mutable container that React keeps across renders, but React does not track changes to ref.current, so assigning to it does not schedule a re-render. Use state when a change should update the screen, and a ref for values such as timer ids or DOM nodes that rendering does not depend on.",
  },
  {
    id: "react-05",
    question: "Which rule applies to Hooks such as useState and useEffect?",
    options: [
      "They may be called inside loops and conditions",
      "They may be called from any plain JavaScript function",
      "They must be called inside class components",
      "Call them only at the top level of a component or custom Hook",
    ],
    answer: "Call them only at the top level of a component or custom Hook",
    explanation:
      "React identifies each Hook by the order in which it is called, so Hooks must run in the same order on every render: only at the top level of a function component or custom Hook, never inside loops, conditions or ordinary helper functions. Class components cannot use Hooks at all.",
  },
  {
    id: "react-06",
    question: "What is useMemo used for?",
    options: [
      "Persisting values in localStorage",
      "Running side effects after render",
      "Caching a computed value until its dependencies change",
      "Creating a context provider",
    ],
    answer: "Caching a computed value until its dependencies change",
    explanation:
      "useMemo calls a function during rendering and caches its result, returning the cached value on later renders until one of the listed dependencies changes, which avoids repeating expensive calculations. Running side effects after render is the job of useEffect, not useMemo.",
  },
  {
    id: "react-07",
    question: "Two sibling components need to read and update the same piece of state. What is the usual React approach?",
    options: [
      "Lift the state up to their closest common parent",
      "Keep a separate copy of the state in each sibling",
      "Have each child mutate its props directly",
      "Store the state in a ref in one sibling",
    ],
    answer: "Lift the state up to their closest common parent",
    explanation:
      "Moving the state to the closest common parent gives one source of truth; the parent passes the value down as props along with a function that updates it. Separate copies in each sibling would drift out of sync, and props are read-only, so a child must never mutate them.",
  },
  {
    id: "react-08",
    question: "Why does calling rename() fail to re-render the component?",
    code: 'const [user, setUser] = useState({ name: "Ann" });\nfunction rename() {\n  user.name = "Bo";\n  setUser(user);\n}',
    options: [
      "setUser only accepts primitive values",
      "The same object is passed, so React sees no change",
      "user.name is a read-only property",
      "useState cannot hold objects",
    ],
    answer: "The same object is passed, so React sees no change",
    explanation:
      "React compares the new state with the old one using Object.is, which for objects checks identity. Mutating user and passing the same object back looks like no change, so React skips the re-render. Create a new object instead, for example setUser({ ...user, name: 'Bo' }).",
  },
  {
    id: "react-09",
    question: "In React 19, which Hook lets a component rendered inside a <form> read whether that form is currently submitting?",
    options: ["useTransition", "useOptimistic", "useFormStatus", "useDeferredValue"],
    answer: "useFormStatus",
    explanation:
      "useFormStatus, imported from react-dom, returns status information about the parent form, including a pending flag that is true while it submits. It must be called in a component rendered inside the form, not in the component that renders the form. useTransition tracks transitions in general, not a particular form.",
  },
  {
    id: "react-10",
    question: "In React 19, how can a function component receive a ref passed by its parent?",
    options: [
      "Only by wrapping it in forwardRef",
      "By reading it with useContext",
      "It cannot; refs never reach function components",
      "By accepting ref as a regular prop",
    ],
    answer: "By accepting ref as a regular prop",
    explanation:
      "Since React 19, function components can read ref directly from their props like any other prop, so new code no longer needs forwardRef. forwardRef still works but is planned for deprecation, and useContext reads context values, not refs passed by a parent.",
  },
];
