import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n';
import { moveItem } from '../../../store/listOps';
import SortableList from './SortableList';

function Harness({ initial }: { initial: string[] }) {
  const [items, setItems] = useState(initial.map((id) => ({ id })));
  return (
    <SortableList
      items={items}
      label="文件"
      layout="rows"
      nameOf={(i) => i.id}
      onMove={(from, to) => setItems((list) => [...moveItem(list, from, to)])}
      onRemove={(item) => setItems((list) => list.filter((i) => i !== item))}
    >
      {(item) => <span>{item.id}</span>}
    </SortableList>
  );
}

const order = () =>
  within(screen.getByRole('list', { name: '文件' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/[^a-z]/g, ''));

describe('sortable list', () => {
  afterEach(cleanup);

  it('moves an item with the arrow keys on its handle, keeping focus and announcing it', () => {
    render(<Harness initial={['a', 'b', 'c']} />);
    const handle = screen.getByRole('button', { name: '拖动排序：a' });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect(order()).toEqual(['b', 'a', 'c']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '拖动排序：a' }));
    expect(screen.getByRole('status').textContent).toBe('a 已移到第 2 位，共 3 个。');
    fireEvent.keyDown(handle, { key: 'End' });
    expect(order()).toEqual(['b', 'c', 'a']);
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect(order()).toEqual(['b', 'c', 'a']);
    fireEvent.keyDown(handle, { key: 'Home' });
    expect(order()).toEqual(['a', 'b', 'c']);
  });

  it('moves with the up and down buttons, which are off at the ends, and removes', () => {
    render(<Harness initial={['a', 'b', 'c']} />);
    expect(screen.getByRole('button', { name: '上移 a' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '下移 c' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '上移 c' }));
    expect(order()).toEqual(['a', 'c', 'b']);
    fireEvent.click(screen.getByRole('button', { name: '下移 a' }));
    expect(order()).toEqual(['c', 'a', 'b']);
    fireEvent.click(screen.getByRole('button', { name: '删除 a' }));
    expect(order()).toEqual(['c', 'b']);
  });

  it('moves by dragging the handle to another item', () => {
    render(<Harness initial={['a', 'b', 'c']} />);
    // jsdom lays nothing out: give each row a box, 40 px high, one under the other.
    screen.getAllByRole('listitem').forEach((li, i) => {
      li.getBoundingClientRect = () =>
        ({
          left: 0,
          top: i * 50,
          width: 300,
          height: 40,
          right: 300,
          bottom: i * 50 + 40,
        }) as DOMRect;
    });
    const handle = screen.getByRole('button', { name: '拖动排序：a' });
    handle.setPointerCapture = () => {};
    act(() => {
      fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientX: 10, clientY: 20 });
    });
    act(() => {
      fireEvent.pointerMove(handle, { pointerId: 1, clientX: 12, clientY: 118 });
    });
    expect(screen.getAllByRole('listitem')[2]?.getAttribute('data-drop')).toBe('after');
    act(() => {
      fireEvent.pointerUp(handle, { pointerId: 1, clientX: 12, clientY: 118 });
    });
    expect(order()).toEqual(['b', 'c', 'a']);
  });
});
