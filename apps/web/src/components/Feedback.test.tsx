import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { deferred, jsonResponse, mockFetch } from '../test/helpers';
import Feedback from './Feedback';

function open() {
  render(<Feedback />);
  fireEvent.click(screen.getByRole('button', { name: '问题反馈' }));
  return screen.getByPlaceholderText('问题反馈...') as HTMLTextAreaElement;
}

const sendButton = () => screen.getByRole('button', { name: '发送' }) as HTMLButtonElement;

describe('feedback widget', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('toggles a 3-row box of at most 60 characters', () => {
    const box = open();
    expect(box.rows).toBe(3);
    expect(box.maxLength).toBe(60);
    expect(screen.getByRole('button', { name: '问题反馈' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: '问题反馈' }));
    expect(screen.queryByPlaceholderText('问题反馈...')).toBeNull();
  });

  it('says before sending that feedback holds a character that is not text', () => {
    const fetch = mockFetch(() => new Response(null, { status: 204 }));
    const box = open();
    fireEvent.change(box, { target: { value: 'hello\u202eworld' } });
    fireEvent.submit(box.form as HTMLFormElement);
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(
      '反馈内容不能包含控制字符、双向控制符或零宽字符',
    );
  });

  it('does not send empty or blank text', () => {
    const fetch = mockFetch(() => new Response(null, { status: 204 }));
    const box = open();
    expect(sendButton().disabled).toBe(true);
    fireEvent.change(box, { target: { value: '   \n  ' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.submit(box.form as HTMLFormElement);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the trimmed text, thanks the user and clears the box', async () => {
    const fetch = mockFetch(() => new Response(null, { status: 204 }));
    const box = open();
    fireEvent.change(box, { target: { value: '  印章太小了  ' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('感谢反馈')).toBe(screen.getByRole('status'));
    expect(box.value).toBe('');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/v1/report');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ text: '印章太小了' });
  });

  it('does not send twice while a send is in flight', async () => {
    const answer = deferred<Response>();
    const fetch = mockFetch(() => answer.promise);
    const box = open();
    fireEvent.change(box, { target: { value: 'hello' } });
    fireEvent.click(sendButton());
    fireEvent.click(sendButton());
    expect(sendButton().disabled).toBe(true);
    await act(async () => answer.resolve(new Response(null, { status: 204 })));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says so when sending fails and keeps the text', async () => {
    mockFetch(() => jsonResponse(500, { error: { code: 'internal', message: 'boom' } }));
    const box = open();
    fireEvent.change(box, { target: { value: 'hello' } });
    fireEvent.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe('发送失败');
    expect(box.value).toBe('hello');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('closes on Escape and gives focus back to the button', () => {
    const box = open();
    expect(document.activeElement).toBe(box);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByPlaceholderText('问题反馈...')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '问题反馈' }));
  });
});
