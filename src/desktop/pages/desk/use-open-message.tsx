import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { processRoutes } from '../../../client/api/flow.ts';
import { messageTarget, type Message } from '../../../client/api/message.ts';
import { NoticeReader } from './NoticeReader.tsx';

/**
 * Opens what a message is about, the same from the drawer, the top-bar popover and the message screen: a new to-do
 * its task's handle page, another workflow message its request, a notice's message the notice reader. `open` is false
 * for a message about nothing (the caller shows it itself); `leaving` runs before a navigation (a drawer closes).
 */
export function useOpenMessage(leaving?: () => void): { open: (message: Message) => boolean; reader: ReactNode } {
  const navigate = useNavigate();
  const [reading, setReading] = useState<string | null>(null);
  const open = (message: Message) => {
    const target = messageTarget(message);
    if (target?.open === 'notice') {
      setReading(target.noticeId);
      return true;
    }
    if (!target?.kind) return false;
    leaving?.();
    void navigate(
      target.open === 'task' ? processRoutes.handle(target.kind, target) : processRoutes.detail(target.kind, target),
    );
    return true;
  };
  return { open, reader: reading && <NoticeReader id={reading} onClose={() => setReading(null)} /> };
}
