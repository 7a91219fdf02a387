/** A table's row of plain column headings (a table sorted by its headings uses SortHeader instead). */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead className="border-b-2 border-gray-300">
      <tr>
        {columns.map((column, index) => (
          <th key={column} scope="col" className={index === columns.length - 1 ? "py-2" : "py-2 pr-4"}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
