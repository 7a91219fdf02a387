import type { Lesson } from "./types.ts";

export const lessons: Lesson[] = [
  {
    title: "Introduction to Data Structures and Algorithms",
    description:
      "Get an overview of what data structures and algorithms are and why the choice between them decides how fast and how much memory a program needs. You will solve one small problem two different ways in Java and compare the results. This course builds the problem-solving skills used in technical interviews and real projects.",
  },
  {
    title: "Time and Space Complexity with Big-O",
    description:
      "Learn to describe how running time and memory grow with input size using Big-O notation, dropping constants and lower-order terms. You will analyze loops and nested loops and rank common classes such as O(1), O(log n), O(n), O(n log n) and O(n^2). Complexity analysis is the language used to compare every algorithm that follows.",
  },
  {
    title: "Arrays and Dynamic Arrays",
    description:
      "Study how arrays store elements in contiguous memory, giving O(1) access by index but O(n) insertion in the middle. You will implement a simple dynamic array that doubles its capacity when full and see why appending to an ArrayList is amortized O(1). Arrays are the foundation for many other data structures.",
  },
  {
    title: "The Two Pointers Technique",
    description:
      "Solve array and string problems in linear time by moving two indices toward each other or in the same direction. You will find a pair with a given sum in a sorted array, reverse an array in place and remove duplicates without extra space. Two pointers often replaces an O(n^2) brute force with an O(n) solution.",
  },
  {
    title: "The Sliding Window Technique",
    description:
      "Handle contiguous subarray and substring problems by maintaining a window that grows and shrinks as you scan. You will compute the maximum sum of any k consecutive elements and find the longest substring without repeating characters. Sliding windows avoid recomputing work and turn many nested loops into a single pass.",
  },
  {
    title: "Prefix Sums",
    description:
      "Precompute running totals so any range sum can be answered in O(1) after O(n) setup. You will build a prefix sum array for range queries and combine it with a HashMap to count subarrays that add up to a target value. Prefix sums are a simple idea that appears in a surprising number of interview problems.",
  },
  {
    title: "Recursion Fundamentals",
    description:
      "Understand how a method can call itself, why every recursive solution needs a base case and how the call stack tracks each call. You will write recursive factorial, power and array sum methods and trace them step by step. You will also see why naive recursive Fibonacci takes exponential time and can lead to StackOverflowError.",
  },
  {
    title: "Bubble, Selection and Insertion Sort",
    description:
      "Implement the three classic elementary sorting algorithms in Java and compare how they move elements. All three take O(n^2) time in the worst case, but insertion sort runs in nearly O(n) on almost sorted data and, like bubble sort, is stable. Writing them yourself builds intuition for swaps, passes and loop invariants.",
  },
  {
    title: "Merge Sort",
    description:
      "Learn the divide-and-conquer approach by splitting an array in half, sorting each half recursively and merging the results. You will write the merge step carefully and see why merge sort always runs in O(n log n) time, uses O(n) extra space and is stable. It is the model for many other recursive algorithms.",
  },
  {
    title: "Quicksort",
    description:
      "Sort in place by choosing a pivot and partitioning the array so smaller elements come before it and larger ones after. You will implement the Lomuto partition scheme and learn why quicksort averages O(n log n) but degrades to O(n^2) when pivots are chosen badly, such as always taking the first element of sorted input. Random pivots help avoid this.",
  },
  {
    title: "Binary Search",
    description:
      "Find an item in a sorted array in O(log n) time by halving the search range at every step. You will write an iterative binary search, compute the midpoint as low + (high - low) / 2 to avoid integer overflow, and adapt it to find the first and last positions of a repeated value. Off-by-one errors are the main trap, so we test edge cases.",
  },
  {
    title: "Binary Search on the Answer",
    description:
      "Apply binary search beyond sorted arrays by searching over a range of possible answers whenever a yes-or-no condition changes only once. You will compute an integer square root and find the smallest ship capacity that delivers all packages within a given number of days. Spotting this pattern turns hard-looking problems into short solutions.",
  },
  {
    title: "Singly Linked Lists",
    description:
      "Build a linked list from scratch with a Node class holding a value and a next reference. You will insert and delete nodes at the head, tail and middle, and reverse the list in place. You will compare the trade-offs with arrays: O(1) insertion at the head, but O(n) time to reach an element by position.",
  },
  {
    title: "Doubly Linked Lists and Fast and Slow Pointers",
    description:
      "Extend nodes with a previous reference to get a doubly linked list, the structure behind Java's LinkedList class. You will then use fast and slow pointers to find the middle of a list and detect a cycle with Floyd's algorithm. These techniques show up constantly in linked list interview questions.",
  },
  {
    title: "Stacks",
    description:
      "Learn the last-in, first-out stack and its push, pop and peek operations, each O(1). You will implement a stack with an array, then use ArrayDeque, which is preferred over the legacy Stack class, to check balanced parentheses and evaluate postfix expressions. Stacks also explain how method calls and undo features work.",
  },
  {
    title: "Queues and Deques",
    description:
      "Study the first-in, first-out queue and the double-ended deque that allows insertion and removal at both ends. You will build a circular array queue and use Java's Queue and Deque interfaces with offer, poll and peek. Queues are essential for scheduling tasks, buffering data and breadth-first search.",
  },
  {
    title: "Hash Tables and Hashing",
    description:
      "Discover how hash tables map keys to buckets with a hash function, handle collisions through chaining or open addressing and resize as the load factor grows. You will solve Two Sum in O(n) with a HashMap and learn why equals and hashCode must be overridden together. Lookups average O(1) but can degrade to O(n) with many collisions.",
  },
  {
    title: "Binary Trees and Tree Traversals",
    description:
      "Represent hierarchical data with binary trees, where each node has at most two children. You will implement preorder, inorder and postorder traversals recursively and a level-order traversal with a queue. Knowing these traversals is the key to solving almost every tree problem you will meet.",
  },
  {
    title: "Binary Search Trees",
    description:
      "Keep data ordered with a binary search tree, where smaller keys go left and larger keys go right. You will implement insert, search and delete, including the case of a node with two children, and see that an inorder traversal returns keys in sorted order. Operations cost O(h), which is O(log n) when balanced but O(n) when the tree degenerates.",
  },
  {
    title: "Common Tree Problems",
    description:
      "Practice the recursive thinking trees demand by computing a tree's height, checking whether it is balanced and finding its diameter. You will also validate a binary search tree using min and max bounds and find the lowest common ancestor of two nodes. These problems are interview favorites and strengthen your recursion skills.",
  },
  {
    title: "Heaps and Priority Queues",
    description:
      "Learn how a binary heap stores a complete tree in an array, with children of index i at 2i + 1 and 2i + 2. You will implement insert and extract-min in O(log n), then use Java's PriorityQueue, a min-heap by default, to find the k largest elements in a stream. Heaps power schedulers, heapsort and Dijkstra's algorithm.",
  },
  {
    title: "Tries",
    description:
      "Store strings character by character in a trie, or prefix tree, so words sharing a prefix share a path. You will implement insert, search and startsWith, each running in time proportional to the word length, and use them to build a simple autocomplete. Tries are ideal for dictionaries, spell checkers and search suggestions.",
  },
  {
    title: "Graph Representations",
    description:
      "Meet graphs as vertices connected by edges, which can be directed or undirected, weighted or unweighted. You will represent the same graph as an adjacency matrix and as an adjacency list in Java and compare their memory use, O(V^2) versus O(V + E). Graphs model road maps, social networks and dependencies between tasks.",
  },
  {
    title: "Breadth-First Search",
    description:
      "Explore a graph level by level using a queue and a visited set, in O(V + E) time. You will find the shortest path in an unweighted graph and the minimum number of moves through a grid maze. BFS is the go-to tool whenever a problem asks for the fewest steps between two points.",
  },
  {
    title: "Depth-First Search",
    description:
      "Explore as deep as possible before backtracking, using recursion or an explicit stack. You will count connected components, solve the number of islands problem on a grid and detect cycles in a directed graph. DFS is the building block for topological sorting, path finding and many backtracking solutions.",
  },
  {
    title: "Shortest Paths with Dijkstra's Algorithm",
    description:
      "Find the shortest distances from one source in a weighted graph with non-negative edge weights. You will implement Dijkstra's algorithm with a PriorityQueue, running in O((V + E) log V), and trace how distances are relaxed. You will also learn why negative weights break it and when Bellman-Ford is the right choice instead.",
  },
  {
    title: "Topological Sort",
    description:
      "Order the vertices of a directed acyclic graph so every edge points forward, which is exactly what task scheduling needs. You will implement Kahn's algorithm using in-degrees and a queue, plus a DFS-based version, and solve a course prerequisite problem. If not every vertex gets ordered, the graph contains a cycle.",
  },
  {
    title: "Union-Find (Disjoint Set Union)",
    description:
      "Track which elements belong to the same group with the union-find structure and its find and union operations. You will add path compression and union by rank, which make operations nearly constant time in practice, and use it to count connected components. Union-find is a key ingredient in Kruskal's algorithm.",
  },
  {
    title: "Minimum Spanning Trees: Kruskal and Prim",
    description:
      "Connect every vertex of a weighted, undirected, connected graph at the lowest total edge cost. You will implement Kruskal's algorithm by sorting edges and skipping those that would form a cycle, and Prim's algorithm by growing a tree with a priority queue. MSTs are used in network design and clustering.",
  },
  {
    title: "Greedy Algorithms",
    description:
      "Learn when making the best local choice at each step leads to a globally optimal answer. You will solve activity selection by sorting intervals by end time and see greedy coin change fail with coins 1, 3 and 4 for amount 6, where it picks three coins instead of two. Knowing when greedy works, and proving it, is the real skill.",
  },
  {
    title: "Introduction to Dynamic Programming",
    description:
      "Recognize problems with overlapping subproblems and optimal substructure, and solve them by storing results instead of recomputing them. You will speed up Fibonacci from exponential to O(n) with memoization, then rewrite it bottom-up with tabulation and solve climbing stairs. Dynamic programming is one of the most powerful problem-solving tools.",
  },
  {
    title: "Classic Dynamic Programming Problems",
    description:
      "Apply dynamic programming to well-known problems by defining the state, the recurrence and the base cases. You will solve 0/1 knapsack in O(nW) time, minimum coin change and the longest common subsequence of two strings with a 2D table. Working through these patterns makes new DP problems much easier to approach.",
  },
  {
    title: "Backtracking",
    description:
      "Build solutions step by step and undo choices that cannot lead to a valid answer. You will generate all subsets and permutations of an array and place queens on a chessboard in the N-Queens problem, pruning bad branches early. Backtracking is the standard approach for search problems that must explore many combinations.",
  },
  {
    title: "Bit Manipulation",
    description:
      "Work directly with binary representations using AND, OR, XOR, NOT and the shift operators, including Java's unsigned right shift >>>. You will check whether a number is a power of two with n > 0 && (n & (n - 1)) == 0 and find the single non-repeated element in an array using XOR. Bit tricks give compact, fast solutions.",
  },
  {
    title: "Interview Practice and Problem-Solving Strategy",
    description:
      "Bring the course together with a repeatable approach: clarify the problem, try small examples, start with brute force, then optimize using the patterns you have learned. You will work through mixed practice problems and explain your time and space complexity aloud. Structured practice builds confidence for coding interviews.",
  },
];
