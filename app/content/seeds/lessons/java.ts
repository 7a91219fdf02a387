import type { Lesson } from "./types.ts";

export const lessons: Lesson[] = [
  {
    title: "Installing the JDK and Writing Your First Program",
    description:
      "Set up your Java toolkit by installing a current JDK, checking it with java -version and choosing an editor or IDE. You will type, compile and run a Hello World program from the terminal, and learn what the main method and System.out.println do. Every later lesson builds on this working setup.",
  },
  {
    title: "How Java Runs: Compiler, Bytecode and the JVM",
    description:
      "Find out what happens between writing a .java file and seeing output. The javac compiler turns your source into bytecode in .class files, and the Java Virtual Machine loads and runs that bytecode on any platform. You will compile a program, inspect the generated class file and read your first compiler error messages.",
  },
  {
    title: "Variables and Primitive Data Types",
    description:
      "Learn how to declare and initialize variables and meet Java's eight primitive types, from int and double to char and boolean. You will store a student's age, height and grade, then see how widening and casting convert between types. Picking the right type keeps your programs correct and avoids surprises like overflow.",
  },
  {
    title: "Operators and Expressions",
    description:
      "Work with arithmetic, comparison, logical and assignment operators and learn the precedence rules that decide how an expression is evaluated. You will build a small calculator and discover why 7 / 2 gives 3 with integers while 7 % 2 gives the remainder 1. These rules appear in almost every line of code you write.",
  },
  {
    title: "Reading User Input with Scanner",
    description:
      "Make your programs interactive by reading keyboard input with the Scanner class. You will write a program that asks for a name and two numbers and prints their sum, and you will learn why calling nextLine right after nextInt can return an empty string. Handling input well is the first step toward useful programs.",
  },
  {
    title: "Making Decisions with If-Else Statements",
    description:
      "Teach your program to choose between paths using if, else if and else, combined with comparison and logical operators. You will write a grade calculator that turns a numeric score into a letter grade and meet the ternary operator for short choices. Branching logic is how software reacts to different situations.",
  },
  {
    title: "Switch Statements and Switch Expressions",
    description:
      "Compare a value against many cases with the classic switch statement and the newer arrow-style switch expression. You will build a simple menu that runs a different action for each option and see how a missing break causes fall-through in the old style. Switch often reads more clearly than a long chain of if-else.",
  },
  {
    title: "Loops: While, Do-While and For",
    description:
      "Repeat work without repeating code using while, do-while and for loops. You will print multiplication tables, sum numbers typed by the user and learn when each loop fits best, such as do-while for a menu that must run at least once. Loops are the engine behind nearly every program that processes data.",
  },
  {
    title: "Break, Continue and Nested Loops",
    description:
      "Control loop flow precisely with break to exit early and continue to skip an iteration, then place loops inside loops. You will print star patterns and search a grid for a target value, using a labeled break to leave both loops at once. These techniques prepare you for the array and algorithm work ahead.",
  },
  {
    title: "Arrays and the Enhanced For Loop",
    description:
      "Store many values of the same type in an array, access them by zero-based index and walk through them with the enhanced for loop. You will find the highest, lowest and average of a set of marks and build a two-dimensional array for a seating chart. You will also see why reading past the last index throws an exception.",
  },
  {
    title: "Working with Strings",
    description:
      "Explore the String class and its most useful methods, including length, charAt, substring, indexOf, split and toUpperCase. You will learn that strings are immutable and why equals, not ==, is the right way to compare their contents. Then you will write a program that checks whether a word is a palindrome.",
  },
  {
    title: "StringBuilder and Formatted Output",
    description:
      "Build text efficiently with StringBuilder, which changes its contents in place instead of creating a new string on every concatenation. You will assemble a receipt line by line and print neat columns with printf and String.format using specifiers like %s, %d and %.2f. Clean output makes your programs far easier to read.",
  },
  {
    title: "Writing Methods with Parameters and Return Values",
    description:
      "Split programs into small, reusable methods that take parameters and return results. You will write methods to check for prime numbers and convert temperatures, and learn that Java always passes arguments by value, even when the value is a reference to an object. Good methods make code shorter, clearer and easier to test.",
  },
  {
    title: "Method Overloading and Variable Scope",
    description:
      "Give several methods the same name as long as their parameter lists differ, and learn why a different return type alone is not enough. You will overload an area method for circles and rectangles, then trace where local variables live and die inside blocks and methods. Understanding scope prevents many confusing bugs.",
  },
  {
    title: "Classes and Objects",
    description:
      "Step into object-oriented programming by defining your own class with fields and methods and creating objects from it with new. You will model a BankAccount that can deposit and withdraw money, and see how two references can point to the same object. Classes let you organize code around the things your program is about.",
  },
  {
    title: "Constructors and the This Keyword",
    description:
      "Learn how constructors set up a new object in a valid state and how this refers to the current object. You will write several constructors for a Student class and chain them with this(...), and find out that Java supplies a default constructor only when you write none yourself. Solid constructors prevent half-built objects.",
  },
  {
    title: "Static Fields and Methods",
    description:
      "Discover the difference between members that belong to each object and members that belong to the class itself. You will add a static counter that tracks how many objects have been created and see why a static method cannot use instance fields directly. This also explains why main is declared static.",
  },
  {
    title: "Encapsulation with Getters and Setters",
    description:
      "Protect an object's data by making fields private and exposing controlled access through getters and setters. You will add validation so an account balance can never go negative and a student's age stays in a sensible range. Encapsulation keeps objects consistent and lets you change internals without breaking other code.",
  },
  {
    title: "Inheritance and the Super Keyword",
    description:
      "Reuse and extend code by creating subclasses with extends. You will build an Employee class and derive Manager and Intern from it, calling the parent constructor with super(...). You will also learn that a Java class can extend only one class and that every class ultimately inherits from Object.",
  },
  {
    title: "Polymorphism and Method Overriding",
    description:
      "See how one reference type can point to objects of many subclasses, with the JVM picking the right overridden method at run time. You will store different shapes in a single array and compute each area with one loop, using @Override to let the compiler catch mistakes. Polymorphism makes code flexible and easy to extend.",
  },
  {
    title: "Abstract Classes",
    description:
      "Learn to declare abstract classes that cannot be instantiated and abstract methods that subclasses must implement. You will design an abstract Vehicle with shared fields and a concrete method, plus an abstract move method that Car and Bicycle fill in. Abstract classes capture common structure while leaving details to subclasses.",
  },
  {
    title: "Interfaces",
    description:
      "Define contracts with interfaces and let a class implement several of them at once. You will create a Payable interface for invoices and employees, use default methods added in Java 8, and implement Comparable so objects can be sorted. Interfaces are central to flexible designs and to the Java standard library.",
  },
  {
    title: "Packages, Imports and Access Modifiers",
    description:
      "Organize a growing project into packages and control visibility with public, protected, private and the default package-private level. You will split a small app into model and util packages and fix the compile errors that appear when access is too narrow. Good structure keeps larger codebases manageable.",
  },
  {
    title: "Handling Exceptions with Try, Catch and Finally",
    description:
      "Learn what happens when something goes wrong at run time and how to recover with try, catch and finally. You will guard a division program against bad input and division by zero, read a stack trace to locate a bug, and see that the finally block runs whether or not an exception occurs. Robust programs fail gracefully.",
  },
  {
    title: "Checked Exceptions and Custom Exceptions",
    description:
      "Understand the difference between checked exceptions, which must be caught or declared with throws, and unchecked ones that extend RuntimeException. You will create an InsufficientFundsException for the bank account example and throw it with a clear message. Meaningful exceptions make errors easier to find and handle.",
  },
  {
    title: "Lists, ArrayList and Wrapper Classes",
    description:
      "Move beyond fixed-size arrays with ArrayList, a resizable list from the Collections Framework. You will add, read, update and remove items in a to-do list and learn how autoboxing lets Integer and other wrapper classes store primitive values. You will also see why remove(1) on a list of Integers removes by index, not by value.",
  },
  {
    title: "Sets and Maps",
    description:
      "Use HashSet to keep only unique values and HashMap to store key-value pairs with fast lookups. You will count how often each word appears in a paragraph and learn that a HashMap allows one null key, while neither HashSet nor HashMap promises any iteration order. TreeSet and TreeMap keep keys sorted when order matters.",
  },
  {
    title: "Generics",
    description:
      "Write classes and methods that work with many types while keeping compile-time type safety. You will build a generic Box<T> and a method that finds the largest element using a bounded type such as <T extends Comparable<T>>. Generics explain the angle brackets you have seen in List<String> and remove the need for risky casts.",
  },
  {
    title: "Lambda Expressions and Functional Interfaces",
    description:
      "Pass behavior as a value using lambda expressions, introduced in Java 8. You will sort a list of students by name and by grade with short Comparator lambdas and meet built-in functional interfaces such as Predicate, Function and Consumer. Lambdas make code more concise and set the stage for streams.",
  },
  {
    title: "The Stream API",
    description:
      "Process collections in a declarative style with streams, chaining operations like filter, map, sorted and collect. You will turn a list of orders into a report of total sales per customer and learn that intermediate operations are lazy and a stream can be consumed only once. Streams make data processing code short and readable.",
  },
  {
    title: "Reading and Writing Files",
    description:
      "Save and load data with the java.nio.file API, using Files.readAllLines, Files.writeString and a BufferedReader for larger files. You will write student records to a CSV file and read them back, closing resources safely with try-with-resources. File I/O lets your programs keep information between runs.",
  },
  {
    title: "Final Project: A Console Student Records App",
    description:
      "Bring the course together by building a menu-driven app that adds, lists, searches and removes student records and saves them to a file. You will design classes, store data in collections, handle invalid input with exceptions and sort results with lambdas. Finishing a complete project shows you can plan and ship working Java code.",
  },
];
