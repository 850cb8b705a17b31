import { HomePage } from '@stream/ui';
import { createFileRoute } from '@tanstack/react-router';
import { RouterLink } from '../-components/router-link';

export const Route = createFileRoute('/_authed/')({
  component: () => <HomePage LinkComponent={RouterLink} />,
});
